/** Environment every API test server runs with. */
export const TEST_VERIFY_CODE = 'T3ST5';
export const TEST_PASSWORD = 'admin123';
export const TEST_ENV = {
  NODE_ENV: 'test',
  ADMIN_PASSWORD: TEST_PASSWORD,
  TEST_VERIFY_CODE,
  DATA_DIR: '.tmp/api-data',
  LOG_LEVEL: 'silent',
} as const;
