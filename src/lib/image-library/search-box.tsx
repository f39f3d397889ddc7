import { Button, HStack, Input } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** Name search: applied on Enter or the button, so each keystroke does not reload the grid. */
export function SearchBox({ value, onSearch }: { value: string; onSearch(name: string): void }) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <HStack as="form" gap="1" onSubmit={submit} role="search">
      <Input
        size="sm"
        maxWidth="60"
        value={text}
        maxLength={100}
        aria-label={intl.formatMessage({ id: 'imageLibrary.search' })}
        placeholder={intl.formatMessage({ id: 'imageLibrary.search' })}
        onChange={(event) => setText(event.target.value)}
      />
      <Button size="sm" variant="outline" type="submit">
        <FormattedMessage id="imageLibrary.searchButton" />
      </Button>
    </HStack>
  );
}
