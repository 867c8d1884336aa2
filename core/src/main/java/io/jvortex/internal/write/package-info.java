/**
 * Internal: the writer behind {@link io.jvortex.api.VortexWriter}. {@link io.jvortex.internal.write.TableWriter}
 * runs the reference's default layout strategy (struct → per-column zone blocks → zone maps
 * ({@link io.jvortex.internal.write.ZoneStats}: {@code vortex.zoned} or legacy {@code vortex.stats}) → optional
 * shared dictionary ({@link io.jvortex.internal.write.DictEncoder}, {@code vortex.dict}) → chunks of about
 * {@code chunkBytes} → one compressed {@code vortex.flat} segment each, {@code vortex.chunked} when
 * several) and the file statistics blob. Below it: serialization of node trees into flat segments
 * ({@code [pad][buffer 0]…[pad to 8][Array flatbuffer][u32 length]}, buffers in pre-order), the
 * padding segment sink, the layout tree, the dtype, footer and postscript blobs and the trailer.
 *
 * <p>{@code FileWriter} (in the test sources, shared through the core test-jar) is the older single-pass writer (one canonical flat per
 * column and input chunk, no zone maps), kept for tests that need exactly that shape. Nothing here is
 * public API.
 */
package io.jvortex.internal.write;
