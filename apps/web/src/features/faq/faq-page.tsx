import { Trans, useLingui } from '@lingui/react/macro';
import { AccordionChevron, Anchor, Container, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { faqItems } from './faq-items.ts';
import classes from './faq-page.module.css';

/**
 * The questions as the browser's own disclosures (<details>, one open at a time through their
 * shared `name`, the first open): the page works the same sent without the app (ADR 82), the
 * keyboard and screen readers get the browser's behaviour, and no script runs to open an answer.
 */
export default function FaqPage() {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageHeader title={t`Frequently Asked Questions`}>
        <Trans>Everything you need to know about Charge &amp; Pay.</Trans>
      </PageHeader>
      <Container size="md" py={{ base: 40, sm: 72 }}>
        <div className={classes.list}>
          {faqItems.map((item, index) => (
            <details key={item.id} name="faq" className={classes.item} open={index === 0}>
              <summary className={classes.question}>
                <Text component="span" fw={600}>
                  {i18n._(item.question)}
                </Text>
                <AccordionChevron className={classes.chevron} aria-hidden />
              </summary>
              <Text c="dimmed" lh={1.6} className={classes.answer}>
                {i18n._(item.answer)}
              </Text>
            </details>
          ))}
        </div>
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
