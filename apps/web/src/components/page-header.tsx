import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title.ts';

/** The navy band at the top of every inner public page, holding its one h1. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box bg="navy.9" c="white" py={{ base: 40, sm: 64 }}>
      <Container size="lg">
        <Title order={1} fz={{ base: 30, sm: 44 }}>
          {title}
        </Title>
        {children && (
          <Text mt="sm" c="gray.3" fz={{ base: 'md', sm: 'lg' }} maw={720}>
            {children}
          </Text>
        )}
      </Container>
    </Box>
  );
}
