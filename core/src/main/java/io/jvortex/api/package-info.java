/**
 * The public API: open a file with {@link io.jvortex.api.VortexReader}, scan it with
 * {@link io.jvortex.api.ScanOptions}, read {@link io.jvortex.api.Chunk}s.
 */
package io.jvortex.api;
