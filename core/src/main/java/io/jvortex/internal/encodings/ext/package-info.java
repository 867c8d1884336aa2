/**
 * {@code vortex.ext} — dtype Extension. Metadata: empty (required). Buffers: none. Children:
 * {@code [storage]}, decoded with the extension's storage dtype and the array's length; the
 * storage carries the validity.
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.ext;
