import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';

/**
 * Target of a third-party sign-in popup: hands the result (in the hash) to the window that opened
 * it, on this origin only, and closes; opened directly, it goes to the login page.
 */
export function AuthRedirectPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const hash = window.location.hash.replace(/^#/, '');
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      opener.location.href = `${window.location.origin}/login${hash ? `#${hash}` : ''}`;
      window.close();
      return;
    }
    navigate('/login', { replace: true });
  }, [navigate]);
  return (
    <Center minHeight="100vh">
      <VStack>
        <Spinner color="brand.solid" />
        <Text color="fg.muted">
          <FormattedMessage id="authRedirect.text" />
        </Text>
      </VStack>
    </Center>
  );
}
