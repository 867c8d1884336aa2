/**
 * A pure-Java Zstandard (RFC 8878) decoder and encoder. {@link io.jvortex.internal.zstd.Zstd} (decoding) and
 * {@link io.jvortex.internal.zstd.ZstdCompressor} (encoding) are the only public types; frames, blocks, FSE
 * and Huffman tables, dictionaries and the XXH64 checksum are package-private. Written from the
 * format specification, not ported from libzstd or other implementations.
 *
 * <h2>Design</h2>
 * <ul>
 *   <li><b>Memory.</b> A frame is decoded into one reusable {@code byte[]} holding the whole frame
 *       (plus 32 bytes of slack), then copied once into the caller's destination. Because the whole
 *       frame is present, matches read their history from the same array and no window buffer exists.
 *       The array starts at most at 1 MiB or 64 times the input and grows by doubling up to the
 *       frame's declared content size (checked against the destination first) or, when undeclared,
 *       the destination's remaining space. Window sizes and other header fields never size an
 *       allocation; a tiny frame claiming a huge size fails before much is allocated. The literals
 *       buffer grows on demand up to one block (128 KiB), so decoders for tiny arrays stay small.
 *   <li><b>Bit readers.</b> Backward bitstreams are read through a 64-bit container refilled with one
 *       unaligned little-endian load, kept in local variables of the hot loops (sequences, Huffman
 *       streams); the four literal streams advance in lockstep while all have eight bytes left.
 *       Sequences are decoded and executed in one pass; FSE states are packed in a {@code long}
 *       (next-state base, state bits, extra value bits, value base) so one load yields everything.
 *   <li><b>Copies.</b> Literal copies and matches whose offset is at least 8 move eight bytes at a
 *       time into the slack; long non-overlapping matches use {@code System.arraycopy}; offset 1 is a
 *       fill and other short offsets replicate the pattern with doubling copies.
 *   <li><b>Checks.</b> Every length, offset (against the output so far, the dictionary and the
 *       window), table description, stream end and the content size is checked before it is used;
 *       failures carry the src-relative byte offset. Array-index exceptions that escape anyway are
 *       turned into {@link io.jvortex.error.VortexException} too, and the corruption tests assert that
 *       none occur on truncated or mutated libzstd frames.
 *   <li><b>Dictionaries.</b> Raw-content dictionaries only add history; formatted dictionaries also
 *       supply the first block's Huffman and FSE tables and repeat offsets. Matches that reach before
 *       the frame start copy from the dictionary content and may run on into the frame's output.
 * </ul>
 *
 * <h2>Encoder</h2>
 * <ul>
 *   <li><b>Matches.</b> A hash chain over the whole input (five-byte hash, six candidates, one step
 *       of lazy evaluation, the three repeat offsets tried as well) produces sequences block by block;
 *       matches never cross a block end, and the repeat offsets are rolled back when a block is
 *       stored raw.
 *   <li><b>Entropy.</b> Literals are Huffman-coded (code lengths limited to 11 bits by flattening
 *       the counts, weights described directly or with FSE, four streams from 256 literals on) or
 *       stored raw/RLE when that is smaller; each sequence symbol type picks RLE, the predefined
 *       table or a table fitted to the block by estimated bits, descriptions included. No state is
 *       carried between blocks except the repeat offsets, so every block stands on its own tables.
 *   <li><b>Frames.</b> Content size always declared; single segment up to 8 MiB, else an 8 MiB
 *       window; optional XXH64 checksum.
 * </ul>
 */
package io.jvortex.internal.zstd;
