import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FaceSheet } from '../../../contract/endpoints/orders';
import { EnumLabel } from '../../../src/lib/enum-values';
import { parseTime } from '../../../src/lib/format';
import { batchPaper, PAPER_LAYOUTS, type PaperLayout, PRINT_ROOT_CLASS, printCss } from './waybill-layout';

function Barcode({ value, layout, label }: { value: string; layout: PaperLayout; label: string }) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!svg.current) return;
    JsBarcode(svg.current, value, {
      format: 'CODE128',
      width: layout.barWidth,
      height: layout.barHeight,
      fontSize: layout.fontSize,
      margin: 0,
      displayValue: true,
    });
  }, [value, layout]);
  return (
    <svg ref={svg} role="img" aria-label={label} data-tracking-no={value} style={{ maxWidth: '100%' }} />
  );
}

function Party({ title, party }: { title: string; party: FaceSheet['Sender'] }) {
  return (
    <Box borderTopWidth="1px" borderColor="black" paddingY="1">
      <Text fontSize="0.85em" fontWeight="semibold">
        {title}
      </Text>
      <Text>
        {party.Name} {party.Phone}
      </Text>
      <Text>{party.Address}</Text>
    </Box>
  );
}

/** One waybill at its paper's real size. */
function Sheet({ sheet }: { sheet: FaceSheet }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const layout = PAPER_LAYOUTS[sheet.Paper];
  return (
    <Box
      as="article"
      data-sheet=""
      aria-label={t('face.sheet.label', { orderNo: sheet.OrderNo, trackingNo: sheet.TrackingNo })}
      width={`${layout.widthMm}mm`}
      height={`${layout.heightMm}mm`}
      padding="3mm"
      bg="white"
      color="black"
      borderWidth="1px"
      borderColor="gray.400"
      overflow="hidden"
      fontSize={`${layout.textPt}pt`}
      lineHeight="1.3"
    >
      <Stack gap="1" height="100%">
        <Flex justify="space-between" align="baseline">
          <Text fontWeight="bold" fontSize="1.4em">
            <EnumLabel type="carrier" value={sheet.Carrier} />
          </Text>
          {sheet.SortingCode && (
            <Text fontWeight="bold" fontSize="1.6em">
              {sheet.SortingCode}
            </Text>
          )}
        </Flex>
        <Flex justify="center" paddingY="1">
          <Barcode
            value={sheet.TrackingNo}
            layout={layout}
            label={t('face.sheet.barcode', { trackingNo: sheet.TrackingNo })}
          />
        </Flex>
        <Party title={t('face.sheet.receiver')} party={sheet.Receiver} />
        <Party title={t('face.sheet.sender')} party={sheet.Sender} />
        <Box borderTopWidth="1px" borderColor="black" paddingY="1" flex="1" overflow="hidden">
          <Text fontSize="0.85em" fontWeight="semibold">
            <FormattedMessage id="face.sheet.items" values={{ count: sheet.ItemCount }} />
          </Text>
          {sheet.Items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same line text may repeat
            <Text key={index}>{item}</Text>
          ))}
          {sheet.BuyerRemark && (
            <Text>
              <FormattedMessage id="face.sheet.remark" values={{ remark: sheet.BuyerRemark }} />
            </Text>
          )}
        </Box>
        <Flex
          justify="space-between"
          fontSize="0.85em"
          borderTopWidth="1px"
          borderColor="black"
          paddingTop="1"
        >
          <Text>
            <FormattedMessage id="face.sheet.orderNo" values={{ orderNo: sheet.OrderNo }} />
          </Text>
          <Text>{parseTime(sheet.PrintedAt, '{y}-{m}-{d} {h}:{i}')}</Text>
        </Flex>
      </Stack>
    </Box>
  );
}

/**
 * The print-ready page of a batch: the sheets at their paper size, with print CSS that prints
 * them alone, one per label.
 */
export function WaybillSheets({ sheets }: { sheets: readonly FaceSheet[] }) {
  const intl = useIntl();
  return (
    <>
      <style>{printCss(batchPaper(sheets))}</style>
      <Flex
        className={PRINT_ROOT_CLASS}
        gap="4"
        wrap="wrap"
        role="region"
        aria-label={intl.formatMessage({ id: 'face.sheet.region' }, { count: sheets.length })}
      >
        {sheets.map((sheet) => (
          <Sheet key={sheet.WaybillId} sheet={sheet} />
        ))}
      </Flex>
    </>
  );
}
