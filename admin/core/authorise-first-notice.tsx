import { Alert, Link } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { MINI_PROGRAM_PERMISSION } from '../../contract/machines/mini-program-version';

/**
 * Shown on the screens whose work goes through the shop's mini-program (messages, live rooms,
 * payment applyment) while it is not authorised to the platform: says so and leads to where it is.
 */
export function AuthoriseFirstNotice() {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id="engine.miniProgramUnauthorised.title" />
        </Alert.Title>
        <Alert.Description>
          <FormattedMessage id="engine.miniProgramUnauthorised.description" />{' '}
          <Link asChild colorPalette="brand" fontWeight="medium">
            <RouterLink to={MINI_PROGRAM_PERMISSION}>
              <FormattedMessage id="engine.miniProgramUnauthorised.link" />
            </RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
