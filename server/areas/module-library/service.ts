/**
 * The module library's public service: what other areas may ask of it. A shop an area creates
 * (the demo service shop) starts from its type's first public template, as a new shop does.
 */
export { homeTemplateOf } from './page-templates';
export { startFromPublicTemplate } from './starter-template';
