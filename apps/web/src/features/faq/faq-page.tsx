import { Trans, useLingui } from '@lingui/react/macro';
import { Accordion, Anchor, Container, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { faqItems } from './faq-items.ts';

export default function FaqPage() {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageHeader title={t`Frequently Asked Questions`}>
        <Trans>Everything you need to know about Charge &amp; Pay.</Trans>
      </PageHeader>
      <Container size="md" py={{ base: 40, sm: 72 }}>
        <Accordion
          variant="separated"
          radius="md"
          chevronPosition="right"
          order={2}
          // Accordion values become element ids (aria-controls): letters, digits and dashes only.
          defaultValue={faqItems[0].id}
        >
          {faqItems.map((item) => (
            <Accordion.Item key={item.id} value={item.id}>
              <Accordion.Control>
                <Text fw={600}>{i18n._(item.question)}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text c="dimmed" lh={1.6}>
                  {i18n._(item.answer)}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Text ta="center" mt="xl" c="dimmed">
          <Trans>
            Still have a question?{' '}
            <Anchor component={Link} to="/contact">
              Contact us
            </Anchor>
          </Trans>
        </Text>
      </Container>
    </>
  );
}
