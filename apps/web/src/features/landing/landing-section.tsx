import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './landing-section.module.css';

interface LandingSectionProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  tinted?: boolean;
  children: ReactNode;
}

export function LandingSection({ id, title, intro, tinted = false, children }: LandingSectionProps) {
  return (
    <Box
      component="section"
      className={classes.section}
      aria-labelledby={`${id}-title`}
      py={{ base: 48, sm: 80 }}
      bg={tinted ? 'gray.0' : undefined}
    >
      <Container size="lg">
        <Title id={`${id}-title`} order={2} ta="center" fz={{ base: 28, sm: 38 }} c="navy.9">
          {title}
        </Title>
        {intro && (
          <Text ta="center" c="dimmed" maw={680} mx="auto" mt="sm" fz={{ base: 'md', sm: 'lg' }}>
            {intro}
          </Text>
        )}
        <Box mt={{ base: 32, sm: 48 }}>{children}</Box>
      </Container>
    </Box>
  );
}
