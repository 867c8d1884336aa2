package io.jvortex.internal.encodings.onpair;

import static io.jvortex.internal.encodings.varbin.TestArrays.bools;
import static io.jvortex.internal.encodings.varbin.TestArrays.decode;
import static io.jvortex.internal.encodings.varbin.TestArrays.node;
import static io.jvortex.internal.encodings.varbin.TestArrays.primitive;
import static io.jvortex.internal.encodings.varbin.TestArrays.proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.varbin.TestArrays.Node;
import io.jvortex.internal.encodings.varbin.TestData;
import io.jvortex.internal.encodings.varbin.TestData.Alphabet;
import io.jvortex.testing.Seeds;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OnPairEncodingTest {
    private static final DType UTF8 = new DType.Utf8(false);
    private static final DType UTF8_NULLABLE = new DType.Utf8(true);
    private static final DType BINARY = new DType.Binary(false);

    // ---- a test-only OnPair writer: all 256 single bytes plus extra tokens, greedy longest match

    /** A dictionary: the 256 single-byte tokens, then up to {@code extra} substrings of 2..16 bytes. */
    static List<byte[]> dictionary(SplittableRandom rnd, List<byte[]> values, int extra) {
        List<byte[]> tokens = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            tokens.add(new byte[] {(byte) b});
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int tries = 0; tries < 20 * extra && tokens.size() < 256 + extra; tries++) {
            byte[] v = values.get(rnd.nextInt(values.size()));
            if (v == null || v.length < 2) {
                continue;
            }
            int start = rnd.nextInt(v.length - 1);
            int len = 2 + rnd.nextInt(Math.min(15, v.length - start - 1));
            byte[] t = Arrays.copyOfRange(v, start, start + len);
            if (seen.add(java.util.HexFormat.of().formatHex(t))) {
                tokens.add(t);
            }
        }
        return tokens;
    }

    /** @return the 256 single-byte tokens alone (what {@link #dictionary} gives with no extra tokens) */
    static List<byte[]> singleByteTokens() {
        List<byte[]> tokens = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            tokens.add(new byte[] {(byte) b});
        }
        return tokens;
    }

    /** Token index by content, for the greedy writer. */
    static Map<ByteBuffer, Integer> index(List<byte[]> tokens) {
        Map<ByteBuffer, Integer> index = new HashMap<>();
        for (int t = 0; t < tokens.size(); t++) {
            index.putIfAbsent(ByteBuffer.wrap(tokens.get(t)), t);
        }
        return index;
    }

    static int[] compress(byte[] value, Map<ByteBuffer, Integer> index) {
        List<Integer> out = new ArrayList<>();
        int i = 0;
        while (i < value.length) {
            for (int len = Math.min(16, value.length - i); len >= 1; len--) {
                Integer t = index.get(ByteBuffer.wrap(value, i, len));
                if (t != null) {
                    out.add(t);
                    i += len;
                    break;
                }
                if (len == 1) {
                    throw new IllegalStateException("byte without a token");
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Builds an OnPair node: dict_bytes with {@code padding} junk bytes after the tokens, codes of
     * {@code codesPType}, null rows with length 0 and no codes.
     */
    static Node onpair(List<byte[]> values, List<byte[]> tokens, PType codesPType, PType offsetsPType, int padding) {
        ByteArrayOutputStream dict = new ByteArrayOutputStream();
        long[] dictOffsets = new long[tokens.size() + 1];
        for (int t = 0; t < tokens.size(); t++) {
            dict.writeBytes(tokens.get(t));
            dictOffsets[t + 1] = dict.size();
        }
        for (int k = 0; k < padding; k++) {
            dict.write(0xAB);
        }
        Map<ByteBuffer, Integer> index = index(tokens);
        List<Long> codes = new ArrayList<>();
        long[] codesOffsets = new long[values.size() + 1];
        long[] lengths = new long[values.size()];
        for (int i = 0; i < values.size(); i++) {
            byte[] v = values.get(i);
            if (v != null) {
                for (int c : compress(v, index)) {
                    codes.add((long) c);
                }
                lengths[i] = v.length;
            }
            codesOffsets[i + 1] = codes.size();
        }
        byte[] metadata = proto().varint(1, PType.U32.id()).varint(2, 9).varint(3, tokens.size())
                .varint(4, codes.size()).varint(5, offsetsPType.id()).varint(6, codesPType.id())
                .varint(7, offsetsPType.id()).build();
        Node n = node(OnPairEncoding.ID, metadata, List.of(dict.toByteArray()), primitive(offsetsPType, dictOffsets),
                primitive(codesPType, codes.stream().mapToLong(Long::longValue).toArray()),
                primitive(offsetsPType, codesOffsets), primitive(PType.U32, lengths));
        return TestData.hasNulls(values) ? n.withChild(bools(TestData.validity(values))) : n;
    }

    static Node onpair(List<byte[]> values, List<byte[]> tokens) {
        return onpair(values, tokens, PType.U16, PType.U32, 15);
    }

    // ---- round trips

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1023, 1024, 1025})
    void decodesEdgeLengths(int rows) {
        SplittableRandom rnd = Seeds.random("onpair.decodesEdgeLengths(" + rows + ")");
        for (double nulls : new double[] {0, 0.3, 1}) {
            for (Alphabet alphabet : new Alphabet[] {Alphabet.ASCII, Alphabet.UNICODE}) {
                List<byte[]> values = TestData.strings(rnd, rows, nulls, 60, alphabet);
                List<byte[]> tokens = rows == 0 ? dictionary(rnd, List.of(new byte[0]), 0)
                        : dictionary(rnd, values, rnd.nextInt(2000));
                DType dtype = nulls > 0 ? UTF8_NULLABLE : UTF8;
                Canonical out = decode(onpair(values, tokens), dtype, rows);
                assertThat(out).isInstanceOf(VarBinArray.class);
                TestData.assertValues(out, values);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"U8", "U16", "U32", "U64", "I16", "I32", "I64"})
    void acceptsEveryCodeType(String ptype) {
        SplittableRandom rnd = Seeds.random("onpair.acceptsEveryCodeType(" + ptype + ")");
        List<byte[]> values = TestData.strings(rnd, 200, 0.1, 30, Alphabet.UNICODE);
        // u8 codes can only address the single-byte tokens.
        List<byte[]> tokens = ptype.equals("U8") ? dictionary(rnd, values, 0) : dictionary(rnd, values, 3000);
        Node n = onpair(values, tokens, PType.valueOf(ptype), PType.U32, 0);
        TestData.assertValues(decode(n, UTF8_NULLABLE, values.size()), values);
    }

    @ParameterizedTest
    @ValueSource(strings = {"U16", "U32", "U64", "I32", "I64"})
    void acceptsEveryOffsetType(String ptype) {
        SplittableRandom rnd = Seeds.random("onpair.acceptsEveryOffsetType(" + ptype + ")");
        List<byte[]> values = TestData.strings(rnd, 100, 0, 30, Alphabet.ASCII);
        TestData.assertValues(decode(onpair(values, dictionary(rnd, values, 100), PType.U16, PType.valueOf(ptype), 3),
                UTF8, values.size()), values);
    }

    @Test
    void fullDictionaryOf65536Tokens() {
        SplittableRandom rnd = Seeds.random("onpair.fullDictionaryOf65536Tokens");
        List<byte[]> tokens = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            tokens.add(new byte[] {(byte) b});
        }
        while (tokens.size() < OnPairEncoding.MAX_TOKENS) {
            byte[] t = new byte[2 + rnd.nextInt(15)];
            rnd.nextBytes(t);
            tokens.add(t);
        }
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            ByteArrayOutputStream v = new ByteArrayOutputStream();
            int parts = rnd.nextInt(6);
            for (int k = 0; k < parts; k++) {
                v.writeBytes(tokens.get(rnd.nextInt(tokens.size())));
            }
            values.add(v.toByteArray());
        }
        TestData.assertValues(decode(onpair(values, tokens), BINARY, values.size()), values);
    }

    @Test
    void decodesValuesOver1MB() {
        SplittableRandom rnd = Seeds.random("onpair.decodesValuesOver1MB");
        List<byte[]> values = List.of(TestData.value(rnd, (1 << 20) + 7, Alphabet.ASCII),
                TestData.value(rnd, 3, Alphabet.ASCII), TestData.value(rnd, (1 << 19) + 1, Alphabet.UNICODE));
        TestData.assertValues(decode(onpair(values, dictionary(rnd, values, 500)), UTF8, 3), values);
    }

    @Test
    void slicedCodeRangeStartsAtTheFirstOffset() {
        // codes_offsets need not start at 0 (a sliced array keeps the whole codes child).
        List<byte[]> tokens = singleByteTokens();
        byte[] dict = new byte[256];
        for (int b = 0; b < 256; b++) {
            dict[b] = (byte) b;
        }
        long[] dictOffsets = new long[257];
        for (int t = 0; t <= 256; t++) {
            dictOffsets[t] = t;
        }
        Node n = node(OnPairEncoding.ID, proto().varint(3, 256).varint(4, 5).varint(5, PType.U16.id())
                        .varint(6, PType.U16.id()).build(), List.of(dict), primitive(PType.U16, dictOffsets),
                primitive(PType.U16, 'x', 'a', 'b', 'c', 'y'), primitive(PType.U8, 1, 3, 4), primitive(PType.U8, 2, 1));
        assertThat(tokens).hasSize(256);
        TestData.assertValues(decode(n, UTF8, 2), TestData.utf8("ab", "c"));
    }

    @Test
    void referenceMetadataParses() {
        // Verified 0.91 metadata: dict_size 362, codes_len 7942, dict_offsets U16, codes U8 (absent),
        // codes_offsets U16, uncompressed_lengths U8 (absent).
        byte[] metadata = java.util.HexFormat.of().parseHex("18ea022086" + "3e28013801");
        var r = new io.jvortex.internal.protobuf.ProtoReader(metadata, "OnPairMetadata");
        Map<Integer, Long> fields = new HashMap<>();
        while (r.next()) {
            fields.put(r.field(), r.varint());
        }
        assertThat(fields).containsEntry(3, 362L).containsEntry(4, 7942L).containsEntry(5, 1L).containsEntry(7, 1L)
                .doesNotContainKeys(1, 6);
    }

    // ---- the kernel against a naive decoder

    @Test
    void kernelMatchesNaiveDecoderOnRandomCodes() {
        SplittableRandom rnd = Seeds.random("onpair.kernelMatchesNaiveDecoderOnRandomCodes");
        for (int round = 0; round < 1000; round++) {
            int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 256 : 5000);
            ByteArrayOutputStream dict = new ByteArrayOutputStream();
            long[] offsets = new long[n + 1];
            List<byte[]> tokens = new ArrayList<>();
            for (int t = 0; t < n; t++) {
                byte[] token = new byte[1 + rnd.nextInt(16)];
                rnd.nextBytes(token);
                tokens.add(token);
                dict.writeBytes(token);
                offsets[t + 1] = dict.size();
            }
            boolean u8 = n <= 256 && rnd.nextBoolean();
            int count = rnd.nextInt(rnd.nextBoolean() ? 10 : 3000);
            ByteBuffer codes = ByteBuffer.allocate(count * (u8 ? 1 : 2)).order(ByteOrder.LITTLE_ENDIAN);
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            for (int k = 0; k < count; k++) {
                int t = rnd.nextInt(n);
                if (u8) {
                    codes.put((byte) t);
                } else {
                    codes.putShort((short) t);
                }
                expected.writeBytes(tokens.get(t));
            }
            OnPairDecoder decoder = new OnPairDecoder(MemorySegment.ofArray(dict.toByteArray()), offsets(offsets), n);
            byte[] want = expected.toByteArray();
            MemorySegment out = Arena.ofAuto().allocate(want.length + OnPairDecoder.SLACK);
            long produced = decoder.decompress(MemorySegment.ofArray(codes.array()), u8 ? 1 : 2, 0, count, out,
                    want.length);
            assertThat(produced).isEqualTo(want.length);
            assertThat(out.asSlice(0, produced).toArray(ValueLayout.JAVA_BYTE)).isEqualTo(want);
        }
    }

    private static PrimitiveArray offsets(long[] values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return new PrimitiveArray(new DType.Primitive(PType.I64, false), MemorySegment.ofArray(b.array()),
                values.length, Validity.ALL_VALID);
    }

    @Test
    void kernelNeverWritesPastTheSlackWhenCodesLie() {
        SplittableRandom rnd = Seeds.random("onpair.kernelNeverWritesPastTheSlackWhenCodesLie");
        byte[] dict = "abcdefghijklmnopq".getBytes();
        OnPairDecoder decoder = new OnPairDecoder(MemorySegment.ofArray(dict), offsets(new long[] {0, 16, 17}), 2);
        for (int round = 0; round < 500; round++) {
            int count = rnd.nextInt(100);
            byte[] codes = new byte[count];
            long actual = 0;
            for (int k = 0; k < count; k++) {
                codes[k] = (byte) rnd.nextInt(2);
                actual += codes[k] == 0 ? 16 : 1;
            }
            long declared = rnd.nextLong(actual + 1);
            MemorySegment out = Arena.ofAuto().allocate(declared + OnPairDecoder.SLACK);
            long produced = decoder.decompress(MemorySegment.ofArray(codes), 1, 0, count, out, declared);
            assertThat(produced).isEqualTo(actual == declared ? declared : produced);
            if (actual > declared) {
                assertThat(produced).isGreaterThan(declared);
            }
        }
    }

    // ---- corrupt input

    private static final List<byte[]> VALUES = TestData.utf8("hello", "help", null, "yellow");
    private static final List<byte[]> TOKENS = singleByteTokens();
    private static final Node GOOD = onpair(VALUES, TOKENS, PType.U16, PType.U32, 0);

    private static Node withChild(Node n, int index, Node child) {
        List<Node> c = new ArrayList<>(n.children());
        c.set(index, child);
        return n.withChildren(c.toArray(Node[]::new));
    }

    private static Node withMetadataField(Node n, int field, long value) {
        return n.withMetadata(proto().varint(1, PType.U32.id()).varint(3, field == 3 ? value : TOKENS.size())
                .varint(4, field == 4 ? value : 15).varint(5, field == 5 ? value : PType.U32.id())
                .varint(6, field == 6 ? value : PType.U16.id()).varint(7, field == 7 ? value : PType.U32.id())
                .build());
    }

    @Test
    void goodNodeDecodes() {
        TestData.assertValues(decode(GOOD, UTF8_NULLABLE, 4), VALUES);
        TestData.assertValues(decode(withMetadataField(GOOD, 0, 0), UTF8_NULLABLE, 4), VALUES);
    }

    @Test
    void rejectsHugeDictionarySizes() {
        assertThatThrownBy(() -> decode(withMetadataField(GOOD, 3, 1L << 40), UTF8_NULLABLE, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("dict_size 1099511627776 outside");
        assertThatThrownBy(() -> decode(withMetadataField(GOOD, 3, -1L), UTF8_NULLABLE, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("dict_size 18446744073709551615 outside");
    }

    @Test
    void tokensPastTheCodeRangeAreIgnored() {
        // 70 000 tokens: 16-bit codes reach only the first 65 536; the rest need not be valid.
        int n = 70_000;
        long[] offsets = new long[n + 1];
        for (int t = 0; t < n; t++) {
            offsets[t + 1] = offsets[t] + (t < 256 ? 1 : t < 65_536 ? 2 : 40);
        }
        byte[] dict = new byte[(int) offsets[n]];
        for (int b = 0; b < 256; b++) {
            dict[b] = (byte) b;
        }
        Node node = node(OnPairEncoding.ID, proto().varint(3, n).varint(4, 2).varint(5, PType.U32.id())
                        .varint(6, PType.U16.id()).build(), List.of(dict), primitive(PType.U32, offsets),
                primitive(PType.U16, 'o', 'k'), primitive(PType.U8, 0, 2), primitive(PType.U8, 2));
        TestData.assertValues(decode(node, UTF8, 1), TestData.utf8("ok"));
    }

    @Test
    void referenceAllNullForm() {
        // What the reference's compressor builds for an all-null column: rows - 1 empty tokens,
        // rows zero codes, an empty code range, zero lengths.
        int rows = 5;
        Node n = node(OnPairEncoding.ID, proto().varint(1, PType.I32.id()).varint(2, 9).varint(3, rows - 1)
                        .varint(4, rows).varint(6, PType.U16.id()).varint(7, PType.U32.id()).build(),
                List.of(new byte[0]), primitive(PType.U8, 0, 0, 0, 0, 0), primitive(PType.U16, 0, 0, 0, 0, 0),
                primitive(PType.U32, 0, 0, 0, 0, 0, 0), primitive(PType.I32, 0, 0, 0, 0, 0),
                bools(false, false, false, false, false));
        List<byte[]> values = new ArrayList<>(java.util.Collections.nCopies(rows, (byte[]) null));
        TestData.assertValues(decode(n, UTF8_NULLABLE, rows), values);
    }

    @Test
    void rejectsHugeCodeCounts() {
        assertThatThrownBy(() -> decode(withMetadataField(GOOD, 4, 1L << 40), UTF8_NULLABLE, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("codes_len 1099511627776");
        assertThatThrownBy(() -> decode(withMetadataField(GOOD, 4, 14), UTF8_NULLABLE, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("expected 28");
    }

    @Test
    void rejectsTokensOver16Bytes() {
        long[] offsets = new long[TOKENS.size() + 1];
        for (int t = 0; t <= TOKENS.size(); t++) {
            offsets[t] = t + (t > 0 ? 16 : 0);
        }
        Node n = withChild(GOOD, 0, primitive(PType.U32, offsets)).withBuffers(new byte[300]);
        assertThatThrownBy(() -> decode(n, UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("token 0 has 17 bytes, expected at most 16");
    }

    @Test
    void acceptsEmptyTokens() {
        long[] offsets = new long[TOKENS.size() + 2];
        for (int t = 0; t <= TOKENS.size(); t++) {
            offsets[t + 1] = t; // token 0 is empty, token t + 1 is byte t
        }
        // 257 tokens, 17 codes: "hello" and "yellow" with empty tokens in between.
        Node rebuilt = node(OnPairEncoding.ID, proto().varint(1, PType.U32.id()).varint(3, TOKENS.size() + 1)
                        .varint(4, 17).varint(5, PType.U32.id()).varint(6, PType.U16.id()).varint(7, PType.U32.id())
                        .build(), GOOD.buffers(), primitive(PType.U32, offsets),
                primitive(PType.U16, 0, 105, 102, 109, 109, 112, 0, 105, 102, 109, 113, 122, 102, 109, 109, 112, 120),
                primitive(PType.U32, 0, 6, 11, 11, 17), primitive(PType.U32, 5, 4, 0, 6),
                bools(true, true, false, true));
        TestData.assertValues(decode(rebuilt, UTF8_NULLABLE, 4), VALUES);
    }

    @Test
    void rejectsDictionaryOffsetsPastTheBytes() {
        assertThatThrownBy(() -> decode(GOOD.withBuffers(new byte[255]), UTF8_NULLABLE, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("dict_offsets end at 256, past the 255-byte");
    }

    @Test
    void rejectsCodesNamingNoToken() {
        Node u16 = withChild(GOOD, 1, primitive(PType.U16, 104, 101, 108, 108, 111, 104, 101, 108, 112, 256, 101,
                108, 108, 111, 119));
        assertThatThrownBy(() -> decode(u16, UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("a code names no token (the dictionary has 256)");
        Node wide = withMetadataField(withChild(GOOD, 1, primitive(PType.I32, 104, 101, 108, 108, 111, 104, 101, 108,
                112, -1, 101, 108, 108, 111, 119)), 6, PType.I32.id());
        assertThatThrownBy(() -> decode(wide, UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("code -1 at codes[9] names no token");
        Node small = withMetadataField(withChild(GOOD, 1, primitive(PType.U8, 1, 2, 3)), 4, 3)
                .withChildren(primitive(PType.U8, 0, 1, 2, 3), primitive(PType.U8, 0, 2, 3),
                        primitive(PType.U8, 0, 0, 0, 0, 3), primitive(PType.U8, 0, 0, 0, 3));
        Node smallMeta = small.withMetadata(proto().varint(3, 3).varint(4, 3).build());
        assertThatThrownBy(() -> decode(smallMeta.withBuffers(new byte[3]), UTF8, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("names no token (the dictionary has 3)");
    }

    @Test
    void rejectsCodeRangesOutsideTheCodes() {
        Node past = withChild(GOOD, 2, primitive(PType.U32, 0, 5, 9, 9, 16));
        assertThatThrownBy(() -> decode(past, UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes_offsets span [0, 16), expected a range within the 15 codes");
        Node backwards = withChild(GOOD, 2, primitive(PType.U32, 6, 5, 9, 9, 5));
        assertThatThrownBy(() -> decode(backwards, UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes_offsets span [6, 5)");
    }

    @Test
    void rejectsLengthsThatDisagreeWithTheCodes() {
        Node fewer = withChild(GOOD, 3, primitive(PType.U32, 5, 4, 0, 5));
        assertThatThrownBy(() -> decode(fewer, UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes decode to more than");
        Node more = withChild(GOOD, 3, primitive(PType.U32, 5, 4, 0, 7));
        assertThatThrownBy(() -> decode(more, UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes decode to 15 bytes, but uncompressed_lengths sum to 16");
        Node negative = withMetadataField(withChild(GOOD, 3, primitive(PType.I32, 5, 4, 0, -6)), 0, 0)
                .withMetadata(proto().varint(1, PType.I32.id()).varint(3, TOKENS.size()).varint(4, 15)
                        .varint(5, PType.U32.id()).varint(6, PType.U16.id()).varint(7, PType.U32.id()).build());
        assertThatThrownBy(() -> decode(negative, UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("uncompressed_lengths[3] = -6");
    }

    @Test
    void rejectsInvalidUtf8Output() {
        List<byte[]> values = List.of(new byte[] {'a', (byte) 0xF0, (byte) 0x9F}, new byte[] {(byte) 0x98,
            (byte) 0x80});
        Node n = onpair(values, singleByteTokens());
        assertThatThrownBy(() -> decode(n, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("row 0 is not valid UTF-8");
        TestData.assertValues(decode(n, BINARY, 2), values);
    }

    @Test
    void rejectsBadShapeAndTypes() {
        assertThatThrownBy(() -> decode(GOOD.withBuffers(), UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("has 0 buffers, expected 1");
        assertThatThrownBy(() -> decode(GOOD.withChildren(GOOD.children().subList(0, 3).toArray(Node[]::new)),
                UTF8_NULLABLE, 4)).isInstanceOf(VortexException.class).hasMessageContaining("expected 4..5");
        assertThatThrownBy(() -> decode(GOOD.withChild(bools(true, true, true, true)), UTF8_NULLABLE, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("has 6 children, expected 4..5");
        assertThatThrownBy(() -> decode(withMetadataField(GOOD, 6, PType.F32.id()), UTF8_NULLABLE, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("codes_ptype is f32");
        assertThatThrownBy(() -> decode(withMetadataField(GOOD, 5, 11), UTF8_NULLABLE, 4))
                .isInstanceOf(VortexException.class).hasMessageContaining("dict_offsets_ptype 11 is not a ptype");
        assertThatThrownBy(() -> decode(GOOD, UTF8, 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("non-nullable array has a validity child");
        assertThatThrownBy(() -> decode(GOOD, new DType.Null(), 4)).isInstanceOf(VortexException.class)
                .hasMessageContaining("cannot hold null");
    }
}
