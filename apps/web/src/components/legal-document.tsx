import { Trans } from '@lingui/react/macro';
import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { PageHeader } from './page-header.tsx';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal document's words in one language (the English text is the one that governs). */
export interface LegalText {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** A translation's first words: which version governs where the two differ (issue 42). */
  governingNotice?: ReactNode;
}

interface LegalDocumentProps extends LegalText {
  /** The date, already written in the page's language ("January 4, 2022", "4 de enero de 2022"). */
  lastUpdated: string;
}

function scrollToSection(id: string, smooth: boolean) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'start' });
  // Move focus too, so keyboard and screen-reader users continue reading from the section.
  target.focus({ preventScroll: true });
}

/** A legal text with a numbered, clickable table of contents that scrolls to each section. */
export function LegalDocument({ title, lastUpdated, intro, sections, governingNotice }: LegalDocumentProps) {
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) scrollToSection(decodeURIComponent(id), false);
  }, []);

  const onTocClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    window.history.replaceState(window.history.state, '', `#${id}`);
    scrollToSection(id, !reducedMotion);
  };

  return (
    <>
      <PageHeader title={title}>
        <Trans>Last updated {lastUpdated}</Trans>
      </PageHeader>
      <Container size="md" py={{ base: 32, sm: 64 }}>
        <Stack gap="xl">
          {governingNotice && (
            <Paper role="note" withBorder radius="md" p="md" bg="yellow.0" c="navy.9" fw={600} lh={1.6}>
              {governingNotice}
            </Paper>
          )}
          <Box c="navy.9" lh={1.7}>
            {intro}
          </Box>
          <Paper component="nav" aria-labelledby="toc-title" withBorder radius="lg" p="lg" bg="gray.0">
            <Title id="toc-title" order={2} size="h4" mb="sm">
              <Trans>Table of Contents</Trans>
            </Title>
            <Box component="ol" m={0} pl={24} style={{ display: 'grid', gap: 6 }}>
              {sections.map((section) => (
                <li key={section.id}>
                  <Anchor href={`#${section.id}`} onClick={(event) => onTocClick(event, section.id)}>
                    {section.title}
                  </Anchor>
                </li>
              ))}
            </Box>
          </Paper>
          {sections.map((section, index) => (
            <Box component="section" key={section.id} aria-labelledby={section.id} data-legal-section>
              <Title order={2} size="h3" id={section.id} tabIndex={-1} data-anchor c="navy.9" mb="sm">
                {index + 1}. {section.title}
              </Title>
              <Text component="div" lh={1.7} c="gray.8">
                {section.body}
              </Text>
            </Box>
          ))}
        </Stack>
      </Container>
    </>
  );
}
