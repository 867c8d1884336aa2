/**
 * {@code vortex.zstd} (compact mode) — the valid values of a primitive, utf8 or binary array as zstd
 * frames. Metadata: {@code ZstdMetadata{uint32 dictionary_size = 1; repeated ZstdFrameMetadata frames
 * = 2}}, {@code ZstdFrameMetadata{uint64 uncompressed_size = 1; uint64 n_values = 2}} ({@code n_values}
 * is 0 in old files). Buffers: {@code [dictionary?, frame_0, frame_1, ...]}; the dictionary exists iff
 * {@code dictionary_size != 0} and is shared by all frames. Children: {@code [validity?]}.
 *
 * <p>Only valid values are stored, frame after frame in row order: primitives as consecutive
 * little-endian values, strings and byte strings as {@code u32 LE length} followed by the bytes.
 * Decoding scatters them to the valid rows. The Rust writer splits strings into frames of 8192
 * values (compact strategy, no dictionary) and primitives likewise when asked; a frame never splits
 * a value. {@link io.jvortex.internal.encodings.zstd.ZstdScheme} writes strings and byte strings that way.
 */
package io.jvortex.internal.encodings.zstd;
