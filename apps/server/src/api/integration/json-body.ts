import { JSONParser } from '@streamparser/json';

/**
 * A JSON request body parsed a piece at a time (decision 0052): a large EPCIS document (64 MiB at most, decision 0082)
 * parsed in one `JSON.parse` holds the event loop about 10 ms a MB, and every scanner waits. Up to
 * `wholeBytes` the body is parsed in one step as before (faster, and short); past it, the bytes go
 * through @streamparser/json `pieceBytes` at a time, and other requests are served between pieces.
 * The result is the value `JSON.parse` gives (a "__proto__" key stays an own property, as there).
 */
export async function parseJsonBody(
  body: AsyncIterable<Buffer | string>,
  { limit, wholeBytes = 1024 * 1024, pieceBytes = 16 * 1024 }: { limit: number; wholeBytes?: number; pieceBytes?: number },
): Promise<unknown> {
  const held: Buffer[] = [];
  let size = 0;
  let parser: JSONParser | undefined;
  let value: unknown;
  let ended = false;
  const feed = async (bytes: Buffer) => {
    for (let from = 0; from < bytes.length; from += pieceBytes) {
      parser!.write(bytes.subarray(from, from + pieceBytes));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  try {
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) throw bodyTooLarge(limit);
      if (parser) {
        await feed(bytes);
        continue;
      }
      held.push(bytes);
      if (size <= wholeBytes) continue;
      parser = new JSONParser({ paths: ['$'] });
      parser.onValue = ({ value: root }) => {
        value = root;
        ended = true;
      };
      await feed(Buffer.concat(held.splice(0)));
    }
    if (!parser) {
      if (size === 0) throw badJson("Body cannot be empty when content-type is set to 'application/json'");
      return JSON.parse(Buffer.concat(held).toString('utf8')) as unknown;
    }
    // The root value ends the parse: a body that stops before it is cut short.
    if (!ended) parser.end();
    if (!ended) throw badJson('Unexpected end of JSON input');
    return value;
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw badJson(error instanceof Error ? error.message : String(error));
  }
}

/** The refusals Fastify's own JSON parser answers (the error handler turns them into BAD_REQUEST). */
function badJson(detail: string): Error {
  return Object.assign(new Error(detail), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
}

export function bodyTooLarge(limit: number): Error {
  return Object.assign(new Error(`Request body is too large (more than ${limit} bytes)`), {
    statusCode: 413,
    code: 'FST_ERR_CTP_BODY_TOO_LARGE',
  });
}
