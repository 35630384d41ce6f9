import type { Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { VIEWER_ADDRESS_HEADER } from '@functions/lib/client-address';

/**
 * CloudFront Function (viewer request, API behaviours): writes the viewer's address, as CloudFront saw the
 * connection, into VIEWER_ADDRESS_HEADER. The assignment replaces any value the viewer sent under that name,
 * so the per-client limits in the functions key on an address nobody can choose.
 */
export const VIEWER_ADDRESS_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
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
