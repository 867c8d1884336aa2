package io.jvortex.internal.encodings.fsst;

import static io.jvortex.internal.encodings.varbin.TestArrays.bools;
import static io.jvortex.internal.encodings.varbin.TestArrays.decode;
import static io.jvortex.internal.encodings.varbin.TestArrays.node;
import static io.jvortex.internal.encodings.varbin.TestArrays.primitive;
import static io.jvortex.internal.encodings.varbin.TestArrays.proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.internal.encodings.varbin.TestArrays;
import io.jvortex.internal.encodings.varbin.TestArrays.Node;
import io.jvortex.internal.encodings.varbin.TestData;
import io.jvortex.internal.encodings.varbin.TestData.Alphabet;
import io.jvortex.testing.Seeds;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FsstEncodingTest {
    private static final DType UTF8 = new DType.Utf8(false);
    private static final DType UTF8_NULLABLE = new DType.Utf8(true);
    private static final DType BINARY = new DType.Binary(false);

    // ---- a test-only FSST writer: greedy longest match over a given table, escapes otherwise

    /** Picks up to {@code max} distinct substrings (1..8 bytes) of the values as symbols. */
    static List<byte[]> symbolsFrom(SplittableRandom rnd, List<byte[]> values, int max) {
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        List<byte[]> out = new ArrayList<>();
        for (int tries = 0; tries < 20 * max && out.size() < max; tries++) {
            byte[] v = values.get(rnd.nextInt(values.size()));
            if (v == null || v.length == 0) {
                continue;
            }
            int start = rnd.nextInt(v.length);
            int len = 1 + rnd.nextInt(Math.min(8, v.length - start));
            byte[] s = Arrays.copyOfRange(v, start, start + len);
            if (seen.add(java.util.HexFormat.of().formatHex(s))) {
                out.add(s);
            }
        }
        return out;
    }

    static byte[] compress(byte[] value, List<byte[]> symbols) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < value.length) {
            int best = -1;
            int bestLen = 0;
            for (int c = 0; c < symbols.size(); c++) {
                byte[] s = symbols.get(c);
                if (s.length > bestLen && i + s.length <= value.length
                        && Arrays.equals(s, 0, s.length, value, i, i + s.length)) {
                    best = c;
                    bestLen = s.length;
                }
            }
            if (best < 0) {
                out.write(FsstDecoder.ESCAPE);
                out.write(value[i]);
                i++;
            } else {
                out.write(best);
                i += bestLen;
            }
        }
        return out.toByteArray();
    }

    static byte[] symbolBytes(List<byte[]> symbols) {
        byte[] b = new byte[8 * symbols.size()];
        for (int c = 0; c < symbols.size(); c++) {
            System.arraycopy(symbols.get(c), 0, b, 8 * c, symbols.get(c).length);
        }
        return b;
    }

    static byte[] symbolLengths(List<byte[]> symbols) {
        byte[] b = new byte[symbols.size()];
        for (int c = 0; c < symbols.size(); c++) {
            b[c] = (byte) symbols.get(c).length;
        }
        return b;
    }

    /** Builds a current-form (3-buffer) FSST node; null rows get length 0 and no codes, as in Rust. */
    static Node fsst(List<byte[]> values, List<byte[]> symbols, PType lengthsPType, PType offsetsPType) {
        ByteArrayOutputStream codes = new ByteArrayOutputStream();
        long[] lengths = new long[values.size()];
        long[] offsets = new long[values.size() + 1];
        for (int i = 0; i < values.size(); i++) {
            byte[] v = values.get(i);
            if (v != null) {
                codes.writeBytes(compress(v, symbols));
                lengths[i] = v.length;
            }
            offsets[i + 1] = codes.size();
        }
        Node n = node(FsstEncoding.ID, proto().varint(1, lengthsPType.id()).varint(2, offsetsPType.id()).build(),
                List.of(symbolBytes(symbols), symbolLengths(symbols), codes.toByteArray()),
                primitive(lengthsPType, lengths), primitive(offsetsPType, offsets));
        return TestData.hasNulls(values) ? n.withChild(bools(TestData.validity(values))) : n;
    }

    static Node fsst(List<byte[]> values, List<byte[]> symbols) {
        return fsst(values, symbols, PType.I32, PType.I32);
    }

    /** Builds a legacy (2-buffer) FSST node: codes as a vortex.varbin child. */
    static Node legacy(List<byte[]> values, List<byte[]> symbols, boolean nullable) {
        ByteArrayOutputStream codes = new ByteArrayOutputStream();
        long[] lengths = new long[values.size()];
        long[] offsets = new long[values.size() + 1];
        for (int i = 0; i < values.size(); i++) {
            byte[] v = values.get(i);
            if (v != null) {
                codes.writeBytes(compress(v, symbols));
                lengths[i] = v.length;
            }
            offsets[i + 1] = codes.size();
        }
        Node codesNode = node("vortex.varbin", proto().varint(1, PType.U32.id()).build(), List.of(codes.toByteArray()),
                primitive(PType.U32, offsets));
        if (nullable) {
            codesNode = codesNode.withChild(bools(TestData.validity(values)));
        }
        return node(FsstEncoding.ID, proto().varint(1, PType.U16.id()).build(),
                List.of(symbolBytes(symbols), symbolLengths(symbols)), codesNode, primitive(PType.U16, lengths));
    }

    // ---- round trips

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1023, 1024, 1025})
    void decodesEdgeLengths(int rows) {
        SplittableRandom rnd = Seeds.random("fsst.decodesEdgeLengths(" + rows + ")");
        for (double nulls : new double[] {0, 0.3, 1}) {
            for (Alphabet alphabet : new Alphabet[] {Alphabet.ASCII, Alphabet.UNICODE}) {
                List<byte[]> values = TestData.strings(rnd, rows, nulls, 40, alphabet);
                List<byte[]> symbols = rows == 0 || nulls == 1 ? List.of() : symbolsFrom(rnd, values, 1 + rnd.nextInt(255));
                DType dtype = nulls > 0 ? UTF8_NULLABLE : UTF8;
                Canonical out = decode(fsst(values, symbols), dtype, rows);
                assertThat(out).isInstanceOf(VarBinArray.class);
                TestData.assertValues(out, values);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void acceptsEveryIntegerTypeForLengthsAndOffsets(String ptype) {
        PType p = PType.valueOf(ptype);
        List<byte[]> values = TestData.utf8("hello", "", "help", "hell", null, "lo");
        List<byte[]> symbols = TestData.utf8("hel", "lo", "p");
        TestData.assertValues(decode(fsst(values, symbols, p, p), UTF8_NULLABLE, values.size()), values);
    }

    @Test
    void emptyTableMeansOnlyEscapes() {
        List<byte[]> values = TestData.utf8("abc", "", "\u00ff\u00fe");
        TestData.assertValues(decode(fsst(values, List.of()), UTF8, 3), values);
    }

    @Test
    void fullTableOf255Symbols() {
        List<byte[]> symbols = new ArrayList<>();
        for (int c = 0; c < 255; c++) {
            symbols.add(new byte[] {(byte) c, (byte) (c + 1), 'x', 'y', 'z', 'w', 'v', (byte) 0xFF}
                    .clone());
            symbols.set(c, Arrays.copyOf(symbols.get(c), 1 + c % 8));
        }
        SplittableRandom rnd = Seeds.random("fsst.fullTableOf255Symbols");
        List<byte[]> values = TestData.strings(rnd, 500, 0, 64, Alphabet.BYTES);
        TestData.assertValues(decode(fsst(values, symbols), BINARY, values.size()), values);
    }

    @Test
    void decodesValuesOver1MB() {
        SplittableRandom rnd = Seeds.random("fsst.decodesValuesOver1MB");
        List<byte[]> values = new ArrayList<>();
        values.add(TestData.value(rnd, (1 << 20) + 11, Alphabet.ASCII));
        values.add(TestData.value(rnd, 17, Alphabet.ASCII));
        values.add(TestData.value(rnd, (1 << 19) + 1, Alphabet.UNICODE));
        List<byte[]> symbols = symbolsFrom(rnd, values, 200);
        TestData.assertValues(decode(fsst(values, symbols), UTF8, 3), values);
    }

    @Test
    void legacyTwoBufferForm() {
        SplittableRandom rnd = Seeds.random("fsst.legacyTwoBufferForm");
        for (boolean nullable : new boolean[] {false, true}) {
            List<byte[]> values = TestData.strings(rnd, 1025, nullable ? 0.3 : 0, 30, Alphabet.UNICODE);
            List<byte[]> symbols = symbolsFrom(rnd, values, 100);
            DType dtype = nullable ? UTF8_NULLABLE : UTF8;
            TestData.assertValues(decode(legacy(values, symbols, nullable), dtype, values.size()), values);
        }
    }

    // ---- take

    private static Canonical take(Node n, DType dtype, int length, int... indices) {
        DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), Arena.ofAuto(), false, 1L << 32);
        return ctx.take(TestArrays.serialize(n).root(), dtype, length, indices);
    }

    private static List<byte[]> gather(List<byte[]> values, int[] indices) {
        List<byte[]> out = new ArrayList<>();
        for (int i : indices) {
            out.add(values.get(i));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void takeMatchesGatherForEveryIntegerTypeAndBothForms(String ptype) {
        SplittableRandom rnd = Seeds.random("fsst.takeMatchesGatherForEveryIntegerTypeAndBothForms." + ptype);
        PType p = PType.valueOf(ptype);
        for (int round = 0; round < 20; round++) {
            boolean nullable = rnd.nextBoolean();
            int n = 1 + rnd.nextInt(p.byteWidth() == 1 ? 8 : 300);
            List<byte[]> values = TestData.strings(rnd, n, nullable ? 0.3 : 0, p.byteWidth() == 1 ? 4 : 30,
                    Alphabet.UNICODE);
            List<byte[]> symbols = symbolsFrom(rnd, values, 1 + rnd.nextInt(200));
            int[] indices = new int[rnd.nextInt(2 * n)];
            for (int k = 0; k < indices.length; k++) {
                indices[k] = rnd.nextInt(n);
            }
            Arrays.sort(indices);
            DType dtype = nullable ? UTF8_NULLABLE : UTF8;
            Node node = rnd.nextInt(4) == 0 ? legacy(values, symbols, nullable) : fsst(values, symbols, p, p);
            TestData.assertValues(take(node, dtype, n, indices), gather(values, indices));
        }
    }

    @Test
    void takeChecksOnlyTheTakenCodeRanges() {
        // Row 2's range runs past the 6-byte codes buffer; rows 0 and 1 are intact.
        Node pastEnd = GOOD.withChildren(GOOD.children().get(0), primitive(PType.I32, 0, 2, 4, 100));
        TestData.assertValues(take(pastEnd, UTF8, 3, 0, 1, 1), gather(VALUES, new int[] {0, 1, 1}));
        assertThatThrownBy(() -> take(pastEnd, UTF8, 3, 1, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes_offsets of row 2 span [4, 100), expected a range within the 6-byte "
                        + "buffer");
        Node backwards = GOOD.withChildren(GOOD.children().get(0), primitive(PType.I32, 0, 2, 1, 6));
        assertThatThrownBy(() -> take(backwards, UTF8, 3, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes_offsets of row 1 span [2, 1)");
        byte[] codes = GOOD.buffers().get(2).clone();
        codes[0] = 7; // the table has 5 symbols
        assertThatThrownBy(() -> take(withBuffer(GOOD, 2, codes), UTF8, 3, 0)).isInstanceOf(VortexException.class)
                .hasMessageContaining("names no symbol");
        TestData.assertValues(take(withBuffer(GOOD, 2, codes), UTF8, 3, 1, 2), gather(VALUES, new int[] {1, 2}));
    }

    @Test
    void referenceExampleFromTheSpec() {
        // Verified 0.91 layout: one symbol "s", codes 00 ff 30, 00 ff 31, …; lengths constant 2.
        List<byte[]> values = new ArrayList<>();
        ByteArrayOutputStream codes = new ByteArrayOutputStream();
        long[] offsets = new long[11];
        long[] lengths = new long[10];
        for (int i = 0; i < 10; i++) {
            values.add(("s" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            codes.writeBytes(new byte[] {0, (byte) 0xFF, (byte) ('0' + i)});
            offsets[i + 1] = codes.size();
            lengths[i] = 2;
        }
        Node n = node(FsstEncoding.ID, proto().varint(2, PType.U8.id()).build(),
                List.of(symbolBytes(TestData.utf8("s")), new byte[] {1}, codes.toByteArray()),
                primitive(PType.U8, lengths), primitive(PType.U8, offsets));
        TestData.assertValues(decode(n, UTF8, 10), values);
    }

    // ---- the kernel against a naive decoder

    /** One code at a time, growing output: the obvious FSST decoder. */
    static byte[] naiveDecode(byte[] codes, List<byte[]> symbols) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < codes.length; i++) {
            int c = codes[i] & 0xFF;
            if (c == FsstDecoder.ESCAPE) {
                out.write(codes[++i]);
            } else {
                out.writeBytes(symbols.get(c));
            }
        }
        return out.toByteArray();
    }

    @Test
    void kernelMatchesNaiveDecoderOnRandomCodes() {
        SplittableRandom rnd = Seeds.random("fsst.kernelMatchesNaiveDecoderOnRandomCodes");
        for (int round = 0; round < 2000; round++) {
            int n = rnd.nextInt(256);
            List<byte[]> symbols = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                byte[] s = new byte[1 + rnd.nextInt(8)];
                rnd.nextBytes(s);
                symbols.add(s);
            }
            // Garbage past each symbol's length must never reach the output.
            byte[] table = symbolBytes(symbols);
            for (int c = 0; c < n; c++) {
                for (int k = symbols.get(c).length; k < 8; k++) {
                    table[8 * c + k] = (byte) rnd.nextInt(256);
                }
            }
            ByteArrayOutputStream codes = new ByteArrayOutputStream();
            int count = rnd.nextInt(rnd.nextBoolean() ? 16 : 2000);
            double escapes = rnd.nextDouble() * (n == 0 ? 1 : 0.3);
            for (int k = 0; k < count; k++) {
                if (n == 0 || rnd.nextDouble() < escapes) {
                    codes.write(FsstDecoder.ESCAPE);
                    codes.write(rnd.nextInt(256));
                } else {
                    codes.write(rnd.nextInt(n));
                }
            }
            byte[] in = codes.toByteArray();
            byte[] expected = naiveDecode(in, symbols);
            FsstDecoder decoder = new FsstDecoder(MemorySegment.ofArray(table),
                    MemorySegment.ofArray(symbolLengths(symbols)));
            MemorySegment out = Arena.ofAuto().allocate(expected.length);
            int start = in.length == 0 ? 0 : rnd.nextInt(Math.min(in.length, 3) + 1);
            // Decoding from a later start is only meaningful at a code boundary; keep 0 unless the prefix is a code.
            start = start > 0 && (in[0] & 0xFF) != FsstDecoder.ESCAPE ? 1 : 0;
            byte[] expectedFromStart = naiveDecode(Arrays.copyOfRange(in, start, in.length), symbols);
            long produced = decoder.decompress(MemorySegment.ofArray(in), start, in.length, out,
                    expectedFromStart.length);
            assertThat(produced).isEqualTo(expectedFromStart.length);
            assertThat(out.asSlice(0, produced).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                    .isEqualTo(expectedFromStart);
        }
    }

    @Test
    void kernelMatchesNaiveDecoderAcrossBlockBoundaries() {
        SplittableRandom rnd = Seeds.random("fsst.kernelMatchesNaiveDecoderAcrossBlockBoundaries");
        List<byte[]> symbols = new ArrayList<>();
        for (int c = 0; c < 200; c++) {
            byte[] s = new byte[1 + rnd.nextInt(8)];
            rnd.nextBytes(s);
            symbols.add(s);
        }
        FsstDecoder decoder = new FsstDecoder(MemorySegment.ofArray(symbolBytes(symbols)),
                MemorySegment.ofArray(symbolLengths(symbols)));
        for (int round = 0; round < 40; round++) {
            // An escape placed so that it is the last code of a block (blocks are 4 KiB) or one byte later,
            // amid random codes long enough to span several blocks.
            ByteArrayOutputStream codes = new ByteArrayOutputStream();
            int boundary = (1 + rnd.nextInt(3)) * 16 * 1024 - 1 + rnd.nextInt(2);
            int count = boundary + rnd.nextInt(40_000);
            double escapes = rnd.nextDouble() * 0.2;
            while (codes.size() < count) {
                if (codes.size() == boundary || rnd.nextDouble() < escapes) {
                    codes.write(FsstDecoder.ESCAPE);
                    codes.write(rnd.nextInt(256));
                } else {
                    codes.write(rnd.nextInt(symbols.size()));
                }
            }
            byte[] in = codes.toByteArray();
            byte[] expected = naiveDecode(in, symbols);
            MemorySegment out = Arena.ofAuto().allocate(expected.length);
            long produced = decoder.decompress(MemorySegment.ofArray(in), 0, in.length, out, expected.length);
            assertThat(produced).isEqualTo(expected.length);
            assertThat(out.asSlice(0, produced).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)).isEqualTo(expected);
            byte[] truncated = Arrays.copyOf(in, in.length + 1);
            truncated[in.length] = (byte) FsstDecoder.ESCAPE;
            assertThat(decoder.decompress(MemorySegment.ofArray(truncated), 0, truncated.length,
                    Arena.ofAuto().allocate(expected.length + 1), expected.length + 1))
                    .isEqualTo(FsstDecoder.TRUNCATED_ESCAPE);
        }
    }

    @Test
    void kernelNeverWritesPastTheDeclaredLengthWhenCodesLie() {
        SplittableRandom rnd = Seeds.random("fsst.kernelNeverWritesPastTheDeclaredLengthWhenCodesLie");
        List<byte[]> symbols = List.of("abcdefgh".getBytes(), "x".getBytes());
        FsstDecoder decoder = new FsstDecoder(MemorySegment.ofArray(symbolBytes(symbols)),
                MemorySegment.ofArray(symbolLengths(symbols)));
        for (int round = 0; round < 500; round++) {
            byte[] in = new byte[rnd.nextInt(200)];
            for (int k = 0; k < in.length; k++) {
                in[k] = (byte) rnd.nextInt(2);
            }
            long actual = naiveDecode(in, symbols).length;
            long declared = rnd.nextInt((int) actual + 1); // fewer than the codes produce
            // A segment of exactly the declared length: any write past it throws.
            MemorySegment out = Arena.ofAuto().allocate(declared);
            long produced = decoder.decompress(MemorySegment.ofArray(in), 0, in.length, out, declared);
            assertThat(produced == declared || produced > declared).isTrue();
            if (actual > declared) {
                assertThat(produced).isGreaterThan(declared);
            }
        }
    }

    @Test
    void kernelStaysInsideTheOutputWhenLongCodesLieOrNameNoSymbol() {
        // Several blocks of codes in an output of exactly the declared length: declared lengths shorter
        // than the codes produce, and codes naming no symbol (which advance the output further than any
        // symbol), must end in a result, never a write past the output.
        SplittableRandom rnd = Seeds.random("fsst.kernelStaysInsideTheOutputWhenLongCodesLieOrNameNoSymbol");
        List<byte[]> symbols = List.of("abcdefgh".getBytes(), "x".getBytes());
        FsstDecoder decoder = new FsstDecoder(MemorySegment.ofArray(symbolBytes(symbols)),
                MemorySegment.ofArray(symbolLengths(symbols)));
        for (int round = 0; round < 60; round++) {
            byte[] in = new byte[4096 + rnd.nextInt(20_000)];
            double invalid = rnd.nextBoolean() ? 0 : rnd.nextDouble();
            for (int k = 0; k < in.length; k++) {
                in[k] = (byte) (rnd.nextDouble() < invalid ? 2 + rnd.nextInt(250) : rnd.nextInt(2));
            }
            long declared = rnd.nextInt(8 * in.length);
            MemorySegment out = Arena.ofAuto().allocate(declared);
            long produced = decoder.decompress(MemorySegment.ofArray(in), 0, in.length, out, declared);
            if (invalid > 0) {
                // Decoding stops at the first block that passes the declared length.
                assertThat(produced == FsstDecoder.INVALID_CODE || produced > declared).isTrue();
            } else {
                long actual = naiveDecode(in, symbols).length;
                assertThat(produced).isEqualTo(actual <= declared ? actual : produced);
                assertThat(produced > declared).isEqualTo(actual > declared);
            }
        }
    }

    @Test
    void kernelFindsACodeNamingNoSymbolForEveryTableSize() {
        // Whole groups of four codes skip the per-code path when all name symbols; the test of that is
        // per table size (below and from 128 symbols), so every size, with the first code past the
        // table, or one further, placed anywhere among up to several blocks of valid codes.
        SplittableRandom rnd = Seeds.random("fsst.kernelFindsACodeNamingNoSymbolForEveryTableSize");
        for (int n = 1; n < FsstEncoding.MAX_SYMBOLS; n++) {
            List<byte[]> symbols = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                byte[] s = new byte[1 + rnd.nextInt(8)];
                rnd.nextBytes(s);
                symbols.add(s);
            }
            FsstDecoder decoder = new FsstDecoder(MemorySegment.ofArray(symbolBytes(symbols)),
                    MemorySegment.ofArray(symbolLengths(symbols)));
            for (int round = 0; round < 6; round++) {
                byte[] in = new byte[1 + rnd.nextInt(round < 3 ? 64 : 10_000)];
                for (int k = 0; k < in.length; k++) {
                    in[k] = (byte) rnd.nextInt(n);
                }
                if (rnd.nextInt(4) == 0) {
                    in[rnd.nextInt(in.length)] = (byte) (n - 1); // the last symbol: valid
                }
                byte[] valid = naiveDecode(in, symbols);
                assertThat(decompressAll(decoder, in, valid.length)).as("n=%d round %d valid", n, round)
                        .isEqualTo(valid.length);
                int at = rnd.nextInt(in.length);
                int code = n + (rnd.nextBoolean() ? 0 : rnd.nextInt(FsstEncoding.MAX_SYMBOLS - n));
                in[at] = (byte) code;
                // Room for whatever the codes produce, so that decoding does not stop before the code.
                assertThat(decompressAll(decoder, in, valid.length + 16L * in.length))
                        .as("n=%d round %d code %d at %d", n, round, code, at).isEqualTo(FsstDecoder.INVALID_CODE);
            }
        }
    }

    private static long decompressAll(FsstDecoder decoder, byte[] in, long expected) {
        MemorySegment out = Arena.ofAuto().allocate(expected);
        return decoder.decompress(MemorySegment.ofArray(in), 0, in.length, out, expected);
    }

    @Test
    void kernelReportsAsciiOutputExactlyForAsciiTables() {
        SplittableRandom rnd = Seeds.random("fsst.kernelReportsAsciiOutputExactlyForAsciiTables");
        for (int round = 0; round < 2000; round++) {
            int n = rnd.nextInt(256);
            boolean asciiTable = rnd.nextBoolean();
            List<byte[]> symbols = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                byte[] s = new byte[1 + rnd.nextInt(8)];
                for (int k = 0; k < s.length; k++) {
                    s[k] = (byte) (asciiTable || rnd.nextInt(16) != 0 ? rnd.nextInt(128) : 128 + rnd.nextInt(128));
                }
                symbols.add(s);
            }
            // Junk with high bits past each symbol's length: not part of any output.
            byte[] table = symbolBytes(symbols);
            for (int c = 0; c < n; c++) {
                for (int k = symbols.get(c).length; k < 8; k++) {
                    table[8 * c + k] = (byte) (128 + rnd.nextInt(128));
                }
            }
            ByteArrayOutputStream codes = new ByteArrayOutputStream();
            int count = rnd.nextInt(rnd.nextBoolean() ? 16 : 12_000);
            double escapes = n == 0 ? 1 : rnd.nextDouble() * 0.05;
            boolean asciiLiterals = rnd.nextBoolean();
            for (int k = 0; k < count; k++) {
                if (rnd.nextDouble() < escapes) {
                    codes.write(FsstDecoder.ESCAPE);
                    codes.write(asciiLiterals || rnd.nextInt(64) != 0 ? rnd.nextInt(128) : 128 + rnd.nextInt(128));
                } else {
                    codes.write(rnd.nextInt(n));
                }
            }
            byte[] in = codes.toByteArray();
            byte[] expected = naiveDecode(in, symbols);
            boolean outputAscii = true;
            for (byte b : expected) {
                outputAscii &= b >= 0;
            }
            FsstDecoder decoder = new FsstDecoder(MemorySegment.ofArray(table),
                    MemorySegment.ofArray(symbolLengths(symbols)));
            MemorySegment out = Arena.ofAuto().allocate(expected.length);
            assertThat(decoder.decompress(MemorySegment.ofArray(in), 0, in.length, out, expected.length))
                    .isEqualTo(expected.length);
            assertThat(out.asSlice(0, expected.length).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                    .isEqualTo(expected);
            if (decoder.lastOutputAscii()) {
                assertThat(outputAscii).as("round %d: reported ASCII", round).isTrue();
            }
            if (asciiTable) {
                assertThat(decoder.lastOutputAscii()).as("round %d: ASCII table", round).isEqualTo(outputAscii);
            }
        }
    }

    @Test
    void rejectsInvalidUtf8MadeOfSymbols() {
        // A table with a non-ASCII symbol: its lone lead byte ends a row.
        List<byte[]> symbols = List.of(new byte[] {'a', (byte) 0xC3}, "bc".getBytes());
        List<byte[]> values = List.of("bc".getBytes(), new byte[] {'a', (byte) 0xC3}, "bcbc".getBytes());
        Node n = fsst(values, symbols);
        assertThatThrownBy(() -> decode(n, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("row 1 is not valid UTF-8");
        TestData.assertValues(decode(n, BINARY, 3), values);
        List<byte[]> valid = List.of("bc".getBytes(), new byte[] {'a', (byte) 0xC3, (byte) 0xA9});
        TestData.assertValues(decode(fsst(valid, symbols), UTF8, 2), valid);
    }

    // ---- corrupt input

    private static final List<byte[]> VALUES = TestData.utf8("hello", "help", "yellow");
    private static final List<byte[]> SYMBOLS = TestData.utf8("hel", "lo", "p", "yel", "low");
    private static final Node GOOD = fsst(VALUES, SYMBOLS);

    private static Node withBuffer(Node n, int index, byte[] buffer) {
        List<byte[]> b = new ArrayList<>(n.buffers());
        b.set(index, buffer);
        return n.withBuffers(b.toArray(byte[][]::new));
    }

    @Test
    void goodNodeDecodes() {
        TestData.assertValues(decode(GOOD, UTF8, 3), VALUES);
    }

    @Test
    void rejectsBadSymbolLengths() {
        assertThatThrownBy(() -> decode(withBuffer(GOOD, 1, new byte[] {3, 2, 0, 3, 3}), UTF8, 3))
                .isInstanceOf(VortexException.class).hasMessageContaining("symbol 2 has length 0, expected 1..8");
        assertThatThrownBy(() -> decode(withBuffer(GOOD, 1, new byte[] {3, 2, 9, 3, 3}), UTF8, 3))
                .isInstanceOf(VortexException.class).hasMessageContaining("symbol 2 has length 9");
    }

    @Test
    void rejectsSymbolBufferSizeMismatch() {
        assertThatThrownBy(() -> decode(withBuffer(GOOD, 0, new byte[39]), UTF8, 3))
                .isInstanceOf(VortexException.class).hasMessageContaining("symbols buffer has 39 bytes, expected 40");
    }

    @Test
    void rejectsMoreThan255Symbols() {
        Node n = withBuffer(withBuffer(GOOD, 0, new byte[8 * 256]), 1, filled(256, 1));
        assertThatThrownBy(() -> decode(n, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("256 symbols, expected at most 255");
    }

    private static byte[] filled(int n, int value) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) value);
        return b;
    }

    @Test
    void rejectsWrongBufferCounts() {
        assertThatThrownBy(() -> decode(GOOD.withBuffers(GOOD.buffers().getFirst()), UTF8, 3))
                .isInstanceOf(VortexException.class).hasMessageContaining("has 1 buffers, expected 3");
        List<byte[]> four = new ArrayList<>(GOOD.buffers());
        four.add(new byte[0]);
        assertThatThrownBy(() -> decode(GOOD.withBuffers(four.toArray(byte[][]::new)), UTF8, 3))
                .isInstanceOf(VortexException.class).hasMessageContaining("has 4 buffers");
    }

    @Test
    void rejectsWrongChildCounts() {
        assertThatThrownBy(() -> decode(GOOD.withChildren(GOOD.children().getFirst()), UTF8, 3))
                .isInstanceOf(VortexException.class).hasMessageContaining("has 1 children, expected 2..3");
        Node legacyThree = legacy(VALUES, SYMBOLS, false).withChild(bools(true, true, true));
        assertThatThrownBy(() -> decode(legacyThree, UTF8_NULLABLE, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("has 3 children, expected 2");
    }

    @Test
    void rejectsCodeRangeOutsideTheBuffer() {
        Node pastEnd = GOOD.withChildren(GOOD.children().get(0), primitive(PType.I32, 0, 3, 5, 100));
        assertThatThrownBy(() -> decode(pastEnd, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes_offsets span [0, 100)");
        Node backwards = GOOD.withChildren(GOOD.children().get(0), primitive(PType.I32, 4, 3, 5, 2));
        assertThatThrownBy(() -> decode(backwards, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes_offsets span [4, 2)");
        Node negative = GOOD.withChildren(GOOD.children().get(0), primitive(PType.I32, -1, 3, 5, 6));
        assertThatThrownBy(() -> decode(negative, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes_offsets span [18446744073709551615, 6)");
    }

    @Test
    void rejectsCodesNamingNoSymbol() {
        byte[] codes = GOOD.buffers().get(2).clone();
        codes[1] = 7; // the table has 5 symbols
        assertThatThrownBy(() -> decode(withBuffer(GOOD, 2, codes), UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("code 7 at codes byte 1 names no symbol (the table has 5)");
    }

    @Test
    void rejectsATrailingEscape() {
        Node n = node(FsstEncoding.ID, new byte[0], List.of(symbolBytes(SYMBOLS), symbolLengths(SYMBOLS),
                new byte[] {0, (byte) 0xFF}), primitive(PType.U8, 4), primitive(PType.U8, 0, 2));
        assertThatThrownBy(() -> decode(n, UTF8, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("escape code and no literal");
    }

    @Test
    void rejectsLengthsThatDisagreeWithTheCodes() {
        Node fewer = GOOD.withChildren(primitive(PType.I32, 5, 4, 5), GOOD.children().get(1));
        assertThatThrownBy(() -> decode(fewer, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes decode to more than");
        Node more = GOOD.withChildren(primitive(PType.I32, 5, 4, 7), GOOD.children().get(1));
        assertThatThrownBy(() -> decode(more, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes decode to 15 bytes, but uncompressed_lengths sum to 16");
    }

    @Test
    void rejectsNegativeOrHugeLengths() {
        Node negative = GOOD.withChildren(primitive(PType.I32, 5, -1, 6), GOOD.children().get(1));
        assertThatThrownBy(() -> decode(negative, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("uncompressed_lengths[1] = -1");
        Node huge = node(FsstEncoding.ID, proto().varint(1, PType.U64.id()).varint(2, PType.I32.id()).build(),
                GOOD.buffers(), primitive(PType.U64, 5, 1L << 40, 6), GOOD.children().get(1));
        assertThatThrownBy(() -> decode(huge, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("uncompressed_lengths[1] = 1099511627776");
    }

    @Test
    void rejectsInvalidUtf8Output() {
        List<byte[]> values = List.of(new byte[] {'a', (byte) 0xC3}, new byte[] {(byte) 0xA9});
        Node n = fsst(values, List.of());
        assertThatThrownBy(() -> decode(n, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("row 0 is not valid UTF-8");
        TestData.assertValues(decode(n, BINARY, 2), values);
    }

    @Test
    void rejectsNonIntegerPTypes() {
        Node n = GOOD.withMetadata(proto().varint(1, PType.F64.id()).varint(2, PType.I32.id()).build());
        assertThatThrownBy(() -> decode(n, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("uncompressed_lengths_ptype is f64");
        Node m = GOOD.withMetadata(proto().varint(1, PType.I32.id()).varint(2, PType.F16.id()).build());
        assertThatThrownBy(() -> decode(m, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("codes_offsets_ptype is f16");
    }

    @Test
    void rejectsValidityOnANonNullableTypeAndNonStringTypes() {
        assertThatThrownBy(() -> decode(GOOD.withChild(bools(true, true, true)), UTF8, 3))
                .isInstanceOf(VortexException.class).hasMessageContaining("non-nullable array has a validity child");
        assertThatThrownBy(() -> decode(GOOD, new DType.Primitive(PType.U8, false), 3))
                .isInstanceOf(VortexException.class).hasMessageContaining("cannot hold u8");
    }

    @Test
    void rejectsALegacyCodesChildThatIsNotVarBin() {
        Node n = node(FsstEncoding.ID, new byte[0], List.of(symbolBytes(SYMBOLS), symbolLengths(SYMBOLS)),
                primitive(PType.U8, 1, 2, 3), primitive(PType.U8, 1, 1, 1));
        assertThatThrownBy(() -> decode(n, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("cannot hold binary");
    }

    @Test
    void littleEndianSymbolWordsMatterOnlyUpToTheirLength() {
        // Symbol 0 = "ab" with non-zero junk in its unused bytes.
        byte[] table = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0x7777_7777_7777_6261L).array();
        Node n = node(FsstEncoding.ID, new byte[0], List.of(table, new byte[] {2}, new byte[] {0, 0}),
                primitive(PType.U8, 2, 2), primitive(PType.U8, 0, 1, 2));
        TestData.assertValues(decode(n, UTF8, 2), TestData.utf8("ab", "ab"));
    }
}
