import { Accordion, Anchor, Container, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { faqItems } from './faq-items.ts';

/** Accordion values become element ids (aria-controls): letters, digits and dashes only. */
function slug(question: string): string {
  return question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export default function FaqPage() {
  return (
    <>
      <PageHeader title="Frequently Asked Questions">
        Everything you need to know about Charge &amp; Pay.
      </PageHeader>
      <Container size="md" py={{ base: 40, sm: 72 }}>
        <Accordion
          variant="separated"
          radius="md"
          chevronPosition="right"
          order={2}
          defaultValue={slug(faqItems[0].question)}
        >
          {faqItems.map((item) => (
            <Accordion.Item key={item.question} value={slug(item.question)}>
              <Accordion.Control>
                <Text fw={600}>{item.question}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text c="dimmed" lh={1.6}>
                  {item.answer}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Text ta="center" mt="xl" c="dimmed">
          Still have a question?{' '}
          <Anchor component={Link} to="/contact">
            Contact us
          </Anchor>
        </Text>
      </Container>
    </>
  );
}
