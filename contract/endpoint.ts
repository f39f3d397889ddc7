import type { z } from 'zod';

/**
 * Who may call an endpoint. `public`: anyone. `session`: any logged-in account of a live site.
 * A string starting with '/' is a menu path: the caller's account must be granted that menu.
 */
export type Permission = 'public' | 'session' | `/${string}`;

export type HttpMethod = 'GET' | 'POST';

export interface EndpointDefinition<
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path under /api, e.g. `/user/login`. */
  path: string;
  permission: Permission;
  /** Query string for GET, JSON body for POST. Strict: unknown fields are refused. */
  input: Input;
  /** Fields merged into the envelope on success. */
  output: Output;
  /** Binary response (a file with Content-Disposition) instead of the JSON envelope. */
  binary?: boolean;
}

export function defineEndpoint<Input extends z.ZodType, Output extends z.ZodType>(
  definition: EndpointDefinition<Input, Output>,
): EndpointDefinition<Input, Output> {
  return definition;
}

export type EndpointInput<E extends EndpointDefinition> = z.input<E['input']>;
export type EndpointOutput<E extends EndpointDefinition> = z.infer<E['output']>;

export const API_BASE = '/api';
