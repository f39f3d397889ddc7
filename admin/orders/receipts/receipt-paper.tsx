import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage } from 'react-intl';
import type { ReceiptSetting } from '../../../contract/endpoints/orders';
import { EnumLabel } from '../../../src/lib/enum-values';
import { parseTime } from '../../../src/lib/format';
import { formatFen } from '../settings-and-offline/money';
import { printableWidthMm, type Receipt, type ReceiptBlock, receiptBlocks } from './receipt-blocks';

const TIME = '{y}-{m}-{d} {h}:{i}';

function Row({ label, value, strong }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap="2" fontWeight={strong ? 'bold' : undefined}>
      <Text as="span">{label}</Text>
      <Text as="span" textAlign="end">
        {value}
      </Text>
    </Flex>
  );
}

const Rule = () => <Box borderTopWidth="1px" borderStyle="dashed" borderColor="black" marginY="1" />;

function BlockView({ block }: { block: ReceiptBlock }) {
  switch (block.kind) {
    case 'header':
    case 'footer':
      return (
        <Text textAlign="center" whiteSpace="pre-wrap">
          {block.text}
        </Text>
      );
    case 'shopName':
      return (
        <Text textAlign="center" fontWeight="bold" fontSize="1.2em">
          {block.text}
        </Text>
      );
    case 'orderNo':
      return <Row label={<FormattedMessage id="orders.receipt.orderNo" />} value={block.text} />;
    case 'time':
      return (
        <>
          <Row
            label={<FormattedMessage id="orders.receipt.createdAt" />}
            value={parseTime(block.createdAt, TIME)}
          />
          {block.paidAt && (
            <Row
              label={<FormattedMessage id="orders.receipt.paidAt" />}
              value={parseTime(block.paidAt, TIME)}
            />
          )}
        </>
      );
    case 'cashier':
      return <Row label={<FormattedMessage id="orders.receipt.cashier" />} value={block.text} />;
    case 'buyer':
      return (
        <Row
          label={<FormattedMessage id="orders.receipt.buyer" />}
          value={[block.name, block.phone].filter(Boolean).join(' ')}
        />
      );
    case 'lines':
      return (
        <Stack gap="1">
          <Rule />
          {block.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: receipt lines have no id; their order is fixed
            <Box key={index} data-testid="receipt-line">
              <Text>{line.SpecText ? `${line.Name} (${line.SpecText})` : line.Name}</Text>
              <Row
                label={`${formatFen(line.UnitFen)} × ${line.Quantity}`}
                value={formatFen(line.AmountFen)}
              />
            </Box>
          ))}
          <Rule />
        </Stack>
      );
    case 'amounts':
      return (
        <Stack gap="0">
          {block.rows.map((row) => (
            <Row
              key={row.key}
              strong={row.key === 'total'}
              label={<FormattedMessage id={`orders.receipt.amount.${row.key}`} />}
              value={formatFen(row.fen)}
            />
          ))}
        </Stack>
      );
    case 'payment':
      return (
        <Row
          label={<EnumLabel type="paymentMethod" value={block.method} />}
          value={formatFen(block.paidFen)}
        />
      );
    case 'remark':
      return <Row label={<FormattedMessage id="orders.receipt.remark" />} value={block.text} />;
  }
}

/** One receipt as it comes out of the printer, at the paper's printable width. */
export function ReceiptPaper({
  setting,
  receipt,
}: {
  setting: Pick<ReceiptSetting, 'Paper' | 'Fields' | 'Header' | 'Footer'>;
  receipt: Receipt;
}) {
  return (
    <Stack
      gap="1"
      width={`${printableWidthMm(setting.Paper)}mm`}
      fontFamily="mono"
      fontSize={setting.Paper === '80' ? '12px' : '11px'}
      lineHeight="1.35"
      color="black"
      bg="white"
      data-testid="receipt"
    >
      {receiptBlocks(setting, receipt).map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are derived in a fixed order
        <Fragment key={index}>
          <BlockView block={block} />
        </Fragment>
      ))}
    </Stack>
  );
}

// Printing shows only the sheet: everything else under <body> (the app, its dialogs) is hidden.
const PRINT_CSS = `
.receipt-print-sheet { display: none; }
@media print {
  @page { margin: 0; }
  body > *:not(.receipt-print-sheet) { display: none !important; }
  .receipt-print-sheet { display: block !important; padding: 2mm 5mm; }
  .receipt-print-copy { break-after: page; }
  .receipt-print-copy:last-child { break-after: auto; }
}`;

/** The copies the printer gets: hidden on screen, the only thing on the page when printing. */
export function ReceiptPrintSheet({ setting, receipt }: { setting: ReceiptSetting; receipt: Receipt }) {
  return createPortal(
    <div className="receipt-print-sheet" data-copies={setting.Copies}>
      <style>{PRINT_CSS}</style>
      {Array.from({ length: setting.Copies }, (_, copy) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: copies are identical
        <div key={copy} className="receipt-print-copy">
          <ReceiptPaper setting={setting} receipt={receipt} />
        </div>
      ))}
    </div>,
    document.body,
  );
}
