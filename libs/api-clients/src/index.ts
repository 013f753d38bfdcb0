// The types of each service's HTTP interface, generated from its committed OpenAPI document
// (`npm run clients`), for typed clients such as openapi-fetch's `createClient<profile.paths>()`.
// Types only: importing them adds nothing to a bundle.
export type * as profile from './generated/profile-service';
export type * as config from './generated/config-service';
export type * as render from './generated/render-service';
