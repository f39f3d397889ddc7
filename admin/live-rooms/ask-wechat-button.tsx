import { Button } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import { callEndpoint, type EndpointResponse } from '../../src/lib/http';
import { showToast } from '../../src/lib/notify';
import { invalidateAreas } from '../../src/lib/query-options';

/**
 * A button that asks WeChat for something now (audit results, the console's rooms), says what came
 * back and reloads the lists it changed. A refusal is shown by the client, like any call's.
 */
export function AskWechatButton<E extends EndpointDefinition>({
  endpoint,
  label,
  done,
}: {
  endpoint: E;
  label: string;
  done(result: EndpointResponse<E>): string;
}) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  async function ask() {
    setAsking(true);
    try {
      const result = await callEndpoint(endpoint, {} as EndpointInput<E>);
      showToast('success', done(result));
      await invalidateAreas(client, endpoint);
    } catch {
      // The client shows WeChat's refusal.
    } finally {
      setAsking(false);
    }
  }
  return (
    <Button alignSelf="start" variant="outline" size="sm" loading={asking} onClick={() => void ask()}>
      {label}
    </Button>
  );
}
