/**
 * Who Pria is, legally: the ONE source for the name and postal address printed on receipts and
 * statements (server) and shown on Contact, the terms and the privacy policy (web). Issue 29:
 * receipts said one company and address, Contact another.
 */
export const legalEntity = {
  name: 'Pria, Inc.',
  street: '100 Example Plaza, Suite 300',
  city: 'Los Angeles, CA 90012',
  country: 'United States',
  supportEmail: 'support@pria.example',
} as const;

/** "100 Example Plaza, Suite 300, Los Angeles, CA 90012" */
export const legalAddress = `${legalEntity.street}, ${legalEntity.city}`;
