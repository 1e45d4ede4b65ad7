// `@companion/api/testing`: what other packages' suites borrow from the API's (a fixture chat, service checks).
export { chatWithCharacter } from '../hubs/chat-fixtures.ts';
export { postgresAvailable, redisAnswers, TEST_PG_URL } from './services.ts';
