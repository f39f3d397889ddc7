import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Image,
  Link,
  NativeSelect,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { getQrCode } from '../../contract/endpoints/comm';
import { SHOP_TYPES, type ShopType } from '../../contract/enums';
import { useEnumLabels } from '../../src/lib/enum-values';
import { endpointQuery } from '../../src/lib/query-options';
import type { DraftOffer } from './use-local-draft';

/** The toolbar's shop-type switch: the canvas flags blocks and links the chosen type does not offer. */
export function PreviewShopTypeSelect({
  value,
  onChange,
}: {
  value: ShopType;
  onChange: (shopType: ShopType) => void;
}) {
  const intl = useIntl();
  const shopTypes = useEnumLabels('shopType');
  return (
    <NativeSelect.Root size="sm" width="auto" title={intl.formatMessage({ id: 'studio.previewAsHint' })}>
      <NativeSelect.Field
        aria-label={intl.formatMessage({ id: 'studio.previewAs' })}
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value) as ShopType)}
        data-testid="preview-shop-type"
      >
        {SHOP_TYPES.map((shopType) => (
          <option key={shopType} value={shopType}>
            {shopTypes.label(shopType)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The QR code of a page's phone preview, with the address to open it here. */
export function PreviewDialog({
  path,
  dirty,
  isCurrent,
  onClose,
}: {
  path: string;
  dirty: boolean;
  isCurrent: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const query = useQuery({
    ...endpointQuery(getQrCode, { path }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="preview-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="studio.preview.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack align="center" gap="3">
                {dirty && (
                  <Alert.Root status="warning" size="sm">
                    <Alert.Indicator />
                    <Alert.Title>
                      <FormattedMessage id="studio.preview.unsaved" />
                    </Alert.Title>
                  </Alert.Root>
                )}
                {!isCurrent && (
                  <Alert.Root status="info" size="sm">
                    <Alert.Indicator />
                    <Alert.Title>
                      <FormattedMessage id="studio.preview.notCurrent" />
                    </Alert.Title>
                  </Alert.Root>
                )}
                {query.isPending ? (
                  <Skeleton width="200px" height="200px" />
                ) : query.isError ? (
                  <Text color="fg.error">
                    <FormattedMessage id="studio.preview.failed" />
                  </Text>
                ) : (
                  <>
                    <Image
                      src={query.data.Image}
                      alt={intl.formatMessage({ id: 'studio.preview.qrAlt' })}
                      width="200px"
                      height="200px"
                      data-testid="preview-qr"
                    />
                    <Text fontSize="sm" color="fg.muted" textAlign="center">
                      <FormattedMessage id="studio.preview.scan" />
                    </Text>
                    <Text fontSize="xs" wordBreak="break-all" textAlign="center" data-testid="preview-url">
                      {query.data.Url}
                    </Text>
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button asChild size="sm" colorPalette="brand">
                <Link href={path} target="_blank" rel="noreferrer" color="white" textDecoration="none">
                  <FormattedMessage id="studio.preview.open" />
                </Link>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'studio.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Offers back the changes a crash, a closed tab or a failed save left in this browser. */
export function DraftDialog({
  offer,
  serverVersion,
  onRestore,
  onDiscard,
}: {
  offer: DraftOffer;
  serverVersion: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const intl = useIntl();
  const time = intl.formatDate(offer.draft.savedAt, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Dialog.Root
      open
      role="alertdialog"
      closeOnInteractOutside={false}
      closeOnEscape={false}
      onOpenChange={(details) => !details.open && onDiscard()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="draft-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="draft.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text>
                  <FormattedMessage id="draft.message" values={{ time }} />
                </Text>
                {offer.serverChanged && (
                  <Text color="orange.700">
                    <FormattedMessage id="draft.serverChanged" values={{ version: serverVersion }} />
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2">
                <Button variant="outline" onClick={onDiscard}>
                  <FormattedMessage id="draft.discard" />
                </Button>
                <Button colorPalette="brand" onClick={onRestore}>
                  <FormattedMessage id="draft.restore" />
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
