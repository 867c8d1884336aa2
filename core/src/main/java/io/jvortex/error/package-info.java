/**
 * The bottom layer: {@link io.jvortex.error.VortexException}, the one error for bad file bytes, which
 * every other package may throw and none needs to import anything above this package for.
 */
package io.jvortex.error;
