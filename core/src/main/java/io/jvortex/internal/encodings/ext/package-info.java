/**
 * {@code vortex.ext} — dtype Extension. Metadata: empty (required). Buffers: none. Children:
 * {@code [storage]}, decoded with the extension's storage dtype and the array's length; the
 * storage carries the validity.
 */
package io.jvortex.internal.encodings.ext;
