import type { Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { VIEWER_ADDRESS_HEADER } from '@functions/lib/client-address';
import { PLAIN_PAGE_PATHS } from '@shared/routes';

/**
 * CloudFront Function (viewer request, API and page behaviours): writes the viewer's address, as CloudFront saw
 * the connection, into VIEWER_ADDRESS_HEADER. The assignment replaces any value the viewer sent under that name,
 * so the per-client limits in the functions key on an address nobody can choose. A page without parameters asked
 * for with a trailing slash ('/registration/', GET or HEAD) is sent to its address, its query kept (shared/routes.ts
 * pageAddressOf); the query's values reach the function URL-encoded, as the viewer sent them.
 */
export const VIEWER_ADDRESS_FUNCTION_CODE = `var PLAIN_PAGES = ${JSON.stringify(Object.fromEntries(PLAIN_PAGE_PATHS.map((p) => [p, true])))};
function queryOf(q) {
  var parts = [];
  for (var name in q) {
    var values = q[name].multiValue || [q[name]];
    for (var i = 0; i < values.length; i++) parts.push(name + (values[i].value === '' ? '' : '=' + values[i].value));
  }
  return parts.length ? '?' + parts.join('&') : '';
}
function handler(event) {
  var request = event.request;
  var bare = request.uri.replace(/\\/+$/, '');
  var reads = request.method === 'GET' || request.method === 'HEAD';
  if (reads && bare !== request.uri && PLAIN_PAGES[bare] === true) {
    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: bare + queryOf(request.querystring) } } };
  }
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}
`;

export function addViewerAddressFunction(stack: Stack): cloudfront.Function {
  return new cloudfront.Function(stack, 'ViewerAddressFunction', {
    comment: `API: the viewer's address in ${VIEWER_ADDRESS_HEADER}, overwriting any value the viewer sent`,
    code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS_FUNCTION_CODE),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
  });
}
