import { describe, expect, it } from 'vitest';
import { groupTicketCode, makeTicketCode, readTicketCode, ticketCheckDigit } from './ticket-code';

describe('ticketCheckDigit', () => {
  it.each([
    // Damm's published example and small cases worked by hand through the table.
    ['572', '4'],
    ['0', '0'],
    ['1', '3'],
    ['12', '5'],
    ['00000000000', '0'],
  ])('of %s is %s', (body, digit) => {
    expect(ticketCheckDigit(body)).toBe(digit);
  });

  it.each(['', '12a', ' 12', '1.2'])('refuses a body that is not digits only: %j', (body) => {
    expect(() => ticketCheckDigit(body)).toThrow();
  });
});

describe('makeTicketCode', () => {
  it('appends the check digit to 11 digits', () => {
    expect(makeTicketCode('57200000000')).toHaveLength(12);
    expect(makeTicketCode('57200000000').slice(0, 11)).toBe('57200000000');
    expect(readTicketCode(makeTicketCode('57200000000'))).toBe(makeTicketCode('57200000000'));
  });

  it.each(['5720000000', '572000000000', '5720000000a', ''])(
    'refuses a body of the wrong shape: %j',
    (body) => {
      expect(() => makeTicketCode(body)).toThrow();
    },
  );
});

describe('readTicketCode', () => {
  const code = makeTicketCode('31415926535');

  it.each([
    [code, code],
    [` ${code} `, code],
    [groupTicketCode(code), code],
    [`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`, code],
    [`\t${code}\n`, code],
  ])('reads %j as %s', (typed, expected) => {
    expect(readTicketCode(typed)).toBe(expected);
  });

  it.each([
    ['one digit short', code.slice(0, 11)],
    ['one digit more', `${code}0`],
    ['a letter inside', `${code.slice(0, 5)}a${code.slice(6)}`],
    ['empty', ''],
  ])('refuses %s', (_label, typed) => {
    expect(readTicketCode(typed)).toBeNull();
  });

  it('refuses every single mistyped digit', () => {
    for (let position = 0; position < code.length; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        if (String(digit) === code[position]) continue;
        const typo = code.slice(0, position) + digit + code.slice(position + 1);
        expect(readTicketCode(typo)).toBeNull();
      }
    }
  });

  it('refuses every swap of two different neighbours', () => {
    for (let position = 0; position < code.length - 1; position += 1) {
      if (code[position] === code[position + 1]) continue;
      const swapped =
        code.slice(0, position) + code[position + 1] + code[position] + code.slice(position + 2);
      expect(readTicketCode(swapped)).toBeNull();
    }
  });
});

describe('groupTicketCode', () => {
  it('groups twelve digits by four', () => {
    expect(groupTicketCode('123456789012')).toBe('1234 5678 9012');
  });
});
