import { Accordion, Anchor, Container, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { faqItems } from './faq-items.ts';

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
          defaultValue={faqItems[0].question}
        >
          {faqItems.map((item) => (
            <Accordion.Item key={item.question} value={item.question}>
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
