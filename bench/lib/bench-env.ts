/**
 * The environment defaults of a bench run, imported first by each bench script: no SDK version warning, only
 * warnings and errors from the product's log, no metrics output. Values set by the caller are kept.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
