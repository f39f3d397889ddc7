import type { EndpointOutput } from '../../contract/endpoint';
import type { delImage } from '../../contract/endpoints/image-library';

type Usages = EndpointOutput<typeof delImage>['Usages'];

/** One line per image in use: its address and where it is used, for the delete confirmation. */
export function usageLines(
  usages: Usages,
  describe: (use: Usages[number]['Uses'][number]) => string,
): string {
  return usages.map((usage) => `• ${usage.Url}: ${usage.Uses.map(describe).join(', ')}`).join('\n');
}
