import { HStack } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

/**
 * Links between the views of one route (promoters and applications; the report by promoter, by
 * period and by order), the first view at the bare path. Labels are `<prefix>.<view>`.
 */
export function ViewSwitch<View extends string>({
  path,
  views,
  current,
  prefix,
}: {
  path: string;
  views: readonly View[];
  current: View;
  prefix: string;
}) {
  const intl = useIntl();
  return (
    <HStack as="nav" gap="5" aria-label={intl.formatMessage({ id: 'distribution.views' })}>
      {views.map((view, index) => (
        <Link
          key={view}
          to={index === 0 ? path : `${path}?view=${view}`}
          aria-current={view === current ? 'page' : undefined}
          style={{
            fontWeight: view === current ? 600 : 400,
            textDecoration: view === current ? 'underline' : 'none',
          }}
        >
          <FormattedMessage id={`${prefix}.${view}`} />
        </Link>
      ))}
    </HStack>
  );
}
