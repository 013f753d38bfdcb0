import { STATUS_CODES } from 'node:http';

/** An RFC 9457 problem document as this API renders it (contract section 5). */
export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  correlationId?: string;
  /** Validation problems: the property's JSON path as sent, mapped to its messages. */
  errors?: Record<string, string[]>;
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

interface StatusDescription {
  readonly type: string;
  readonly title: string;
}

const rfc9110 = (section: string): string => `https://tools.ietf.org/html/rfc9110#section-${section}`;

/** One `type` and `title` per status; the only place they are written. */
export const PROBLEM_STATUSES: Readonly<Record<number, StatusDescription>> = {
  400: { type: rfc9110('15.5.1'), title: 'One or more validation errors occurred.' },
  401: { type: rfc9110('15.5.2'), title: 'Unauthorized' },
  403: { type: rfc9110('15.5.4'), title: 'Forbidden' },
  404: { type: rfc9110('15.5.5'), title: 'Not Found' },
  405: { type: rfc9110('15.5.6'), title: 'Method Not Allowed' },
  406: { type: rfc9110('15.5.7'), title: 'Not Acceptable' },
  408: { type: rfc9110('15.5.9'), title: 'Request Timeout' },
  409: { type: rfc9110('15.5.10'), title: 'Conflict' },
  413: { type: rfc9110('15.5.14'), title: 'Content Too Large' },
  414: { type: rfc9110('15.5.15'), title: 'URI Too Long' },
  415: { type: rfc9110('15.5.16'), title: 'Unsupported Media Type' },
  422: { type: rfc9110('15.5.21'), title: 'Unprocessable Content' },
  429: { type: 'https://tools.ietf.org/html/rfc6585#section-4', title: 'Too Many Requests' },
  431: { type: 'https://tools.ietf.org/html/rfc6585#section-5', title: 'Request Header Fields Too Large' },
  500: { type: rfc9110('15.6.1'), title: 'An error occurred while processing your request.' },
  503: { type: rfc9110('15.6.4'), title: 'Service Unavailable' },
};

export function describeStatus(status: number): StatusDescription {
  if (Object.hasOwn(PROBLEM_STATUSES, status)) return PROBLEM_STATUSES[status];
  if (status >= 500) return PROBLEM_STATUSES[500];
  return { type: 'about:blank', title: STATUS_CODES[status] ?? 'Client Error' };
}
