/**
 * The encoding framework: the {@link io.jvortex.encoding.Encoding} contract, the registry, the
 * serialized array/node views and the decode context. Each encoding lives in its own sub-package
 * named after its id.
 */
package io.jvortex.encoding;
