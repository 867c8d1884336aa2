package io.jvortex.internal.zstd;

/**
 * A parsed dictionary (RFC 8878 §5): either raw content, or magic + id + entropy tables + three
 * repeat offsets + content. Immutable after parsing; frames copy what they change.
 */
final class ZstdDictionary {
    static final int MAGIC = 0xEC30A437;

    /** The dictionary id, 0 for raw content. */
    final int id;
    /** The content frames may reference as history. */
    final byte[] content;
    /** Literals table, or null. */
    final HuffmanTable huffman;
    /** Sequence tables, or null for raw content. */
    final FseTable literalLengths;
    final FseTable offsets;
    final FseTable matchLengths;
    /** The starting repeat offsets. */
    final int rep1;
    final int rep2;
    final int rep3;

    private ZstdDictionary(int id, byte[] content, HuffmanTable huffman, FseTable ll, FseTable of, FseTable ml,
                           int rep1, int rep2, int rep3) {
        this.id = id;
        this.content = content;
        this.huffman = huffman;
        this.literalLengths = ll;
        this.offsets = of;
        this.matchLengths = ml;
        this.rep1 = rep1;
        this.rep2 = rep2;
        this.rep3 = rep3;
    }

    /**
     * @param bytes the dictionary
     * @return the parsed dictionary; anything without the magic number is raw content
     */
    static ZstdDictionary parse(byte[] bytes) {
        if (bytes.length < 8 || ZstdDecoder.int32(bytes, 0) != MAGIC) {
            return new ZstdDictionary(0, bytes, null, null, null, null, 1, 4, 8);
        }
        int id = ZstdDecoder.int32(bytes, 4);
        int end = bytes.length;
        HuffmanTable huf = new HuffmanTable();
        int pos = huf.read(bytes, 8, end);
        FseTable of = new FseTable(8);
        pos = of.read(bytes, pos, end, FseTable.MAX_OFFSET_SYMBOL, 8, FseTable.KIND_OFFSET);
        FseTable ml = new FseTable(9);
        pos = ml.read(bytes, pos, end, FseTable.MAX_MATCH_LENGTH_SYMBOL, 9, FseTable.KIND_MATCH_LENGTH);
        FseTable ll = new FseTable(9);
        pos = ll.read(bytes, pos, end, FseTable.MAX_LITERAL_LENGTH_SYMBOL, 9, FseTable.KIND_LITERAL_LENGTH);
        if (end - pos < 12) {
            throw new ZstdCorruption(pos, "dictionary repeat offsets truncated");
        }
        int[] rep = new int[3];
        int contentSize = end - pos - 12;
        for (int i = 0; i < 3; i++) {
            rep[i] = ZstdDecoder.int32(bytes, pos + 4 * i);
            if (rep[i] <= 0 || rep[i] > contentSize) {
                throw new ZstdCorruption(pos + 4 * i, "dictionary repeat offset " + Integer.toUnsignedLong(rep[i])
                        + " outside 1.." + contentSize);
            }
        }
        pos += 12;
        byte[] content = java.util.Arrays.copyOfRange(bytes, pos, end);
        return new ZstdDictionary(id, content, huf, ll, of, ml, rep[0], rep[1], rep[2]);
    }
}
