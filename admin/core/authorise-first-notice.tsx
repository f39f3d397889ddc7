import { Alert, Link } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { getMiniProgramReach } from '../../contract/endpoints/wechat-messages';
import { MINI_PROGRAM_PERMISSION } from '../../contract/machines/mini-program-version';
import { endpointQuery } from '../../src/lib/query-options';

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

/** The notice, on a screen whose calls reach WeChat, while the shop has to authorise its mini-program first. */
export function MiniProgramReachNotice() {
  const reach = useQuery(endpointQuery(getMiniProgramReach, {}));
  return reach.data?.AuthoriseFirst ? <AuthoriseFirstNotice /> : null;
}
