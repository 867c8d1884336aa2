package io.jvortex.internal.encodings.alprd;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.PatchesMetadata;
import java.util.Arrays;

/**
 * The {@code ALPRDMetadata} message of a {@code vortex.alprd} node, with the dictionary cut to
 * {@code dict_len} entries: read by the decoder and written by the encoder. Parsing checks the left-parts
 * type and the dictionary; the decoder checks the right bit width against the float type and the patches
 * against the node.
 *
 * @param rightBitWidth bits of each value stored in the right part
 * @param dictionary the left bit patterns, indexed by code (each at most 16 bits)
 * @param leftPartsType the ptype of the left-parts (codes) child and of the patch values
 * @param patches the left-part patches, or {@code null} when absent
 */
record AlpRdMetadata(int rightBitWidth, int[] dictionary, PType leftPartsType, PatchesMetadata patches) {
    /** Copies the dictionary. */
    AlpRdMetadata {
        dictionary = dictionary.clone();
    }

    /**
     * Returns a copy of the dictionary.
     *
     * @return the left bit patterns, indexed by code
     */
    @Override
    public int[] dictionary() {
        return dictionary.clone();
    }

    /** Largest dictionary accepted: left parts are at most 16 bits, so more entries cannot be distinct. */
    static final int MAX_DICTIONARY = 1 << 16;

    /**
     * Parses and checks the metadata of a node (the right bit width is checked by the decoder, which
     * knows the float type).
     *
     * @param node the node
     * @return the metadata
     */
    static AlpRdMetadata parse(ArrayNode node) {
        int rightBitWidth = 0;
        int dictLen = 0;
        long[][] dict = {new long[8]};
        int[] dictCount = {0};
        PType leftType = PType.U8;
        PatchesMetadata patches = null;
        ProtoReader r = new ProtoReader(node.metadata(), "ALPRDMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> rightBitWidth = r.varintAsInt(255);
                case 2 -> dictLen = r.varintAsInt(MAX_DICTIONARY);
                case 3 -> r.packedVarints(v -> {
                    if (dictCount[0] == dict[0].length) {
                        dict[0] = Arrays.copyOf(dict[0], dict[0].length * 2);
                    }
                    dict[0][dictCount[0]++] = v;
                });
                case 4 -> leftType = PType.fromId(r.varint());
                case 5 -> patches = PatchesMetadata.parse(r.bytes());
                default -> r.skip();
            }
        }
        if (!leftType.isUnsignedInteger()) {
            throw node.error("left parts type must be an unsigned integer, got " + leftType.displayName());
        }
        if (dictLen > dictCount[0]) {
            throw node.error("dict_len " + dictLen + " exceeds the " + dictCount[0] + " dictionary entries");
        }
        int[] dictionary = new int[dictLen];
        for (int i = 0; i < dictLen; i++) {
            long v = dict[0][i];
            if (v < 0 || v > 0xFFFF) {
                throw node.error("dictionary entry " + i + " = " + Long.toUnsignedString(v) + " does not fit 16 bits");
            }
            dictionary[i] = (int) v;
        }
        return new AlpRdMetadata(rightBitWidth, dictionary, leftType, patches);
    }

    /** @return the message bytes ({@code dict_len} is the dictionary's length; the patches written when present) */
    byte[] serialize() {
        long[] entries = new long[dictionary.length];
        for (int i = 0; i < dictionary.length; i++) {
            entries[i] = dictionary[i];
        }
        ProtoWriter w = new ProtoWriter()
                .varint(1, rightBitWidth)
                .varint(2, dictionary.length)
                .packedVarints(3, entries)
                .varint(4, leftPartsType.id());
        if (patches != null) {
            w.bytesAlways(5, patches.serialize());
        }
        return w.toByteArray();
    }
}
