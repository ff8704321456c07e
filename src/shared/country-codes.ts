// The calling codes of the region the phone field offers first (any other can be typed there). Shared:
// the server reads phone numbers from resumes against the same list.
export const COMMON_COUNTRY_CODES: ReadonlyArray<{ code: string; region: string }> = [
  { code: '+60', region: 'MY' },
  { code: '+65', region: 'SG' },
  { code: '+62', region: 'ID' },
  { code: '+66', region: 'TH' },
  { code: '+63', region: 'PH' },
  { code: '+84', region: 'VN' },
  { code: '+86', region: 'CN' },
  { code: '+852', region: 'HK' },
  { code: '+91', region: 'IN' },
  { code: '+81', region: 'JP' },
  { code: '+82', region: 'KR' },
  { code: '+886', region: 'TW' },
  { code: '+61', region: 'AU' },
  { code: '+44', region: 'GB' },
  { code: '+1', region: 'US' },
];
