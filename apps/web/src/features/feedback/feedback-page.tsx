import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pria/contracts/messages';
import { textLimits } from '@pria/contracts/text-limits';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/api-client.ts';
import { useAuth } from '../../app/auth/auth-state.tsx';
import { homePathFor } from '../../app/auth/claims.ts';
import { translated } from '../../app/i18n/contract-messages.ts';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import {
  checkedValue,
  formBeforeApp,
  typedValue,
  useTakeOverFromBrowser,
} from '../../components/form/before-app.ts';
import { LimitedTextarea } from '../../components/form/limited-textarea.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { StarRating } from './star-rating.tsx';
import { useSendFeedback } from './use-send-feedback.ts';

/** Spec: redirect 1.5 s after a review is sent. */
const REDIRECT_DELAY_MS = 1500;
const STAR_SCALE = 5;

export default function FeedbackPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Feedback`);
  const [star, setStar] = useState(0);
  const [message, setMessage] = useState('');
  const sendFeedback = useSendFeedback();
  const navigate = useNavigate();
  const { isAuthenticated, user } = useAuth();
  // Signed-in people go back to their home (staff: the admin portal); visitors to the landing page.
  const afterPath = isAuthenticated ? homePathFor(user?.access_token) : '/';
  // The page is sent without the app (ADR 82): a star or words given before it ran are the form's.
  const formRef = useRef<HTMLDivElement>(null);
  useTakeOverFromBrowser(formRef, (part) => {
    const picked = Number(checkedValue(part));
    if (picked >= 1 && picked <= STAR_SCALE) setStar(picked);
    setMessage(typedValue(part, 'message') ?? '');
  });

  const submit = () =>
    sendFeedback.mutate(
      { star, message: message.trim() },
      {
        onSuccess: () => {
          notifySuccess(translated(messages.feedbackSubmitted));
          window.setTimeout(() => navigate(afterPath), REDIRECT_DELAY_MS);
        },
        onError: (error) =>
          notifyError(
            error instanceof ApiError && error.isClientError
              ? error.displayMessage
              : translated(messages.feedbackFailed),
          ),
      },
    );

  return (
    <Container size="sm" py={{ base: 40, sm: 88 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm">
        <Stack align="center" gap="lg" ta="center" ref={formRef} {...formBeforeApp}>
          <Title order={1} fz={{ base: 26, sm: 34 }} c="navy.9">
            {translated(messages.feedbackTitle)}
          </Title>
          <Text fz="lg" id="rating-label">
            {translated(messages.feedbackQuestion)}
          </Text>
          <StarRating
            value={star}
            onChange={setStar}
            count={STAR_SCALE}
            name="star"
            labelledBy="rating-label"
            starLabel={(value) => plural(value, { one: '# star', other: '# stars' })}
          />
          <LimitedTextarea
            w="100%"
            label={t`Message`}
            placeholder={translated(messages.feedbackPlaceholder)}
            value={message}
            name="message"
            onChange={(event) => setMessage(event.currentTarget.value)}
            autosize
            minRows={4}
            maxLength={textLimits.message}
          />
          <Group justify="center" gap="md">
            {/* A link: it works before the app runs too. */}
            <Button variant="default" component={Link} to={afterPath}>
              <Trans>Maybe later</Trans>
            </Button>
            <Button
              onClick={submit}
              disabled={star === 0 || sendFeedback.isSuccess}
              loading={sendFeedback.isPending}
            >
              <Trans>Rate Now</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
