/**
 * The phone country table (spec point 3): 12 Asia-Pacific countries, each with its dial code
 * and the length range of a national mobile number (digits after the dial code, no trunk 0).
 */
export interface PhoneCountry {
  name: string;
  iso2: string;
  dialCode: string;
  minLength: number;
  maxLength: number;
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { name: 'Singapore', iso2: 'sg', dialCode: '65', minLength: 8, maxLength: 8 },
  { name: 'Malaysia', iso2: 'my', dialCode: '60', minLength: 9, maxLength: 10 },
  { name: 'Indonesia', iso2: 'id', dialCode: '62', minLength: 9, maxLength: 12 },
  { name: 'Thailand', iso2: 'th', dialCode: '66', minLength: 9, maxLength: 9 },
  { name: 'Philippines', iso2: 'ph', dialCode: '63', minLength: 10, maxLength: 10 },
  { name: 'Vietnam', iso2: 'vn', dialCode: '84', minLength: 9, maxLength: 10 },
  { name: 'Hong Kong', iso2: 'hk', dialCode: '852', minLength: 8, maxLength: 8 },
  { name: 'Taiwan', iso2: 'tw', dialCode: '886', minLength: 9, maxLength: 9 },
  { name: 'China', iso2: 'cn', dialCode: '86', minLength: 11, maxLength: 11 },
  { name: 'India', iso2: 'in', dialCode: '91', minLength: 10, maxLength: 10 },
  { name: 'Australia', iso2: 'au', dialCode: '61', minLength: 9, maxLength: 9 },
  { name: 'New Zealand', iso2: 'nz', dialCode: '64', minLength: 8, maxLength: 10 },
];

/** The default region code (spec point 9). */
export const DEFAULT_REGION = 'sg';

export function phoneCountry(iso2: string): PhoneCountry | undefined {
  return PHONE_COUNTRIES.find((c) => c.iso2 === iso2.toLowerCase());
}
