/**
 * A pure-Java Zstandard (RFC 8878) decoder. {@link io.jvortex.zstd.Zstd} is the only public type;
 * frames, blocks, FSE and Huffman tables, dictionaries and the XXH64 checksum are package-private.
 * Written from the format specification, not ported from libzstd or other implementations.
 */
package io.jvortex.zstd;
