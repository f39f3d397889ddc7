import {
  Box,
  Button,
  chakra,
  Field,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  Link,
  Text,
  VStack,
} from '@chakra-ui/react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../app/guard';
import { useChangeLanguage } from '../../app/use-change-language';
import { getVerifyCodeRef } from '../../lib/auth-endpoints';
import { endpointUrl } from '../../lib/http';
import { LANGUAGES } from '../../lib/i18n/language';
import {
  CapsLockIcon,
  EyeIcon,
  EyeOffIcon,
  KeyIcon,
  LockIcon,
  ShieldIcon,
  UserIcon,
} from '../../shell/icons';
import { useSessionStore } from '../../stores/session-store';
import {
  type LoginField,
  type LoginValues,
  parseSiteId,
  validateLogin,
  validateLoginField,
} from './login-validation';

function freshCodeUrl() {
  return endpointUrl(getVerifyCodeRef, { r: String(Math.random()).slice(2) });
}

const inputStyle = {
  height: '12',
  paddingStart: '12',
  color: 'white',
  bg: 'rgba(0, 0, 0, 0.15)',
  borderColor: 'rgba(255, 255, 255, 0.14)',
  borderRadius: 'md',
  _placeholder: { color: 'gray.400' },
  _focusVisible: { borderColor: 'brand.300', boxShadow: '0 0 0 1px var(--chakra-colors-brand-300)' },
  css: { '&:-webkit-autofill': { WebkitTextFillColor: 'white', boxShadow: '0 0 0 1000px #283443 inset' } },
} as const;

function LeadingIcon({ children }: { children: ReactNode }) {
  return (
    <Box
      position="absolute"
      insetStart="4"
      top="50%"
      transform="translateY(-50%)"
      color="gray.400"
      pointerEvents="none"
      zIndex="1"
      display="flex"
    >
      {children}
    </Box>
  );
}

/** Two small toggles instead of a menu: the login route stays light. */
function LanguageSwitch() {
  const intl = useIntl();
  const { language, change } = useChangeLanguage();
  return (
    <HStack
      gap="0"
      role="group"
      aria-label={intl.formatMessage({ id: 'login.language' })}
      data-testid="login-language"
    >
      {LANGUAGES.map((option) => (
        <Button
          key={option}
          size="xs"
          variant="ghost"
          color={option === language ? 'white' : 'gray.400'}
          fontWeight={option === language ? 'bold' : 'normal'}
          _hover={{ bg: 'whiteAlpha.200', color: 'white' }}
          aria-pressed={option === language}
          onClick={() => change(option)}
        >
          {intl.formatMessage({ id: `language.${option}` })}
        </Button>
      ))}
    </HStack>
  );
}

/** /login and /dislogin (sub-accounts, with ?siteId=): SPEC §2, §4, §5. */
export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const subAccount = location.pathname === '/dislogin';
  const siteId = subAccount ? parseSiteId(params.get('siteId')) : null;
  const [values, setValues] = useState<LoginValues>({ userName: '', passWord: '', verifyCode: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [codeUrl, setCodeUrl] = useState(freshCodeUrl);
  const [loading, setLoading] = useState(false);
  const refs = {
    userName: useRef<HTMLInputElement>(null),
    passWord: useRef<HTMLInputElement>(null),
    verifyCode: useRef<HTMLInputElement>(null),
  };

  const message = useCallback(
    (key: string | null) => (key ? intl.formatMessage({ id: key }) : undefined),
    [intl],
  );
  const refreshCode = () => setCodeUrl(freshCodeUrl());

  const update = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: message(validateLoginField(field, value)) }));
  };
  const check = (field: LoginField) =>
    setErrors((current) => ({ ...current, [field]: message(validateLoginField(field, values[field])) }));

  const onPasswordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    setCapsLock(event.getModifierState?.('CapsLock') ?? false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const found = validateLogin(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, message(key)])));
    const firstInvalid = (['userName', 'passWord', 'verifyCode'] as const).find((field) => found[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    setLoading(true);
    try {
      await useSessionStore.getState().login({ ...values, ...(siteId ? { siteId } : {}) });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // The HTTP layer showed the server's message; a used code cannot be tried again.
      refreshCode();
      setValues((current) => ({ ...current, verifyCode: '' }));
      refs.verifyCode.current?.focus();
      setLoading(false);
    }
  };

  const field = (
    name: LoginField,
    label: string,
    control: ReactNode,
    trailing?: ReactNode,
    icon?: ReactNode,
  ) => (
    <Field.Root invalid={Boolean(errors[name])} width="full">
      <Field.Label srOnly>{label}</Field.Label>
      <HStack width="full" gap="3" align="stretch">
        <Box position="relative" flex="1">
          <LeadingIcon>{icon}</LeadingIcon>
          {control}
        </Box>
        {trailing}
      </HStack>
      <Field.ErrorText color="red.300" fontSize="xs" data-testid={`error-${name}`}>
        {errors[name]}
      </Field.ErrorText>
    </Field.Root>
  );

  return (
    <Flex minHeight="100vh" bg="#2d3a4b" align="center" justify="center" paddingX="4" paddingY="10">
      <chakra.form
        onSubmit={submit}
        noValidate
        width="full"
        maxWidth="520px"
        aria-labelledby="login-title"
        data-testid="login-form"
      >
        <VStack gap="5" align="stretch">
          <Flex align="center" justify="center" position="relative" marginBottom="4">
            <Heading
              as="h1"
              id="login-title"
              size="2xl"
              color="gray.100"
              fontWeight="bold"
              textAlign="center"
            >
              <FormattedMessage id={subAccount ? 'login.subTitle' : 'login.title'} />
            </Heading>
            <Box position="absolute" insetEnd="0">
              <LanguageSwitch />
            </Box>
          </Flex>
          {subAccount && !siteId && (
            <Text color="orange.200" fontSize="sm" role="alert">
              <FormattedMessage id="login.siteMissing" />
            </Text>
          )}
          {field(
            'userName',
            intl.formatMessage({ id: 'login.userName' }),
            <Input
              ref={refs.userName}
              {...inputStyle}
              name="userName"
              autoComplete="username"
              autoFocus
              placeholder={intl.formatMessage({ id: 'login.userName' })}
              value={values.userName}
              onChange={(event) => update('userName', event.target.value)}
              onBlur={() => check('userName')}
            />,
            undefined,
            <UserIcon boxSize="5" />,
          )}
          {field(
            'passWord',
            intl.formatMessage({ id: 'login.password' }),
            <>
              <Input
                ref={refs.passWord}
                {...inputStyle}
                paddingEnd="12"
                name="passWord"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder={intl.formatMessage({ id: 'login.password' })}
                value={values.passWord}
                onChange={(event) => update('passWord', event.target.value)}
                onKeyUp={onPasswordKey}
                onKeyDown={onPasswordKey}
                onBlur={() => {
                  setCapsLock(false);
                  check('passWord');
                }}
              />
              <IconButton
                position="absolute"
                insetEnd="1"
                top="50%"
                transform="translateY(-50%)"
                variant="ghost"
                size="sm"
                color="gray.300"
                _hover={{ bg: 'whiteAlpha.200' }}
                aria-label={intl.formatMessage({
                  id: showPassword ? 'login.hidePassword' : 'login.showPassword',
                })}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? <EyeIcon boxSize="5" /> : <EyeOffIcon boxSize="5" />}
              </IconButton>
            </>,
            undefined,
            <LockIcon boxSize="5" />,
          )}
          {capsLock && (
            <HStack color="orange.200" fontSize="sm" marginTop="-3" role="status" data-testid="caps-lock">
              <CapsLockIcon />
              <Text>
                <FormattedMessage id="login.capsLock" />
              </Text>
            </HStack>
          )}
          {field(
            'verifyCode',
            intl.formatMessage({ id: 'login.verifyCode' }),
            <Input
              ref={refs.verifyCode}
              {...inputStyle}
              name="verifyCode"
              autoComplete="off"
              maxLength={5}
              placeholder={intl.formatMessage({ id: 'login.verifyCode' })}
              value={values.verifyCode}
              onChange={(event) => update('verifyCode', event.target.value)}
              onBlur={() => check('verifyCode')}
            />,
            <chakra.button
              type="button"
              onClick={refreshCode}
              width="32"
              height="12"
              flexShrink={0}
              bg="white"
              borderRadius="md"
              overflow="hidden"
              cursor="pointer"
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.300', outlineOffset: '2px' }}
              aria-label={intl.formatMessage({ id: 'login.verifyCodeImage' })}
              data-testid="verify-code-image"
            >
              <img
                src={codeUrl}
                alt=""
                width={128}
                height={48}
                style={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            </chakra.button>,
            <ShieldIcon boxSize="5" />,
          )}
          <Button
            type="submit"
            size="lg"
            width="full"
            loading={loading}
            marginTop="2"
            data-testid="login-submit"
          >
            <FormattedMessage id="login.submit" />
          </Button>
          {subAccount && (
            <Link asChild color="gray.300" fontSize="sm" alignSelf="center">
              <RouterLink to="/login">
                <KeyIcon />
                <FormattedMessage id="login.mainLogin" />
              </RouterLink>
            </Link>
          )}
        </VStack>
      </chakra.form>
    </Flex>
  );
}
