import { Alert } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';

/** Says plainly that WeChat is not involved (DESIGN §11): nothing here reaches a real mini-program. */
export function SandboxNotice() {
  return (
    <Alert.Root status="warning" data-testid="sandbox-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id="miniProgram.sandbox.title" />
        </Alert.Title>
        <Alert.Description>
          <FormattedMessage id="miniProgram.sandbox.description" />
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
