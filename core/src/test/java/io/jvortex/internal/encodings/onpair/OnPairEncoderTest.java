package io.jvortex.internal.encodings.onpair;

import static io.jvortex.internal.encodings.varbin.RandomStrings.decodedRows;
import static io.jvortex.internal.encodings.varbin.RandomStrings.roundTrip;
import static io.jvortex.internal.encodings.varbin.RandomStrings.rows;
import static io.jvortex.internal.encodings.varbin.RandomStrings.value;
import static io.jvortex.internal.encodings.varbin.RandomStrings.varBin;
import static io.jvortex.internal.encodings.varbin.RandomStrings.views;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.TestSupport;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.dtype.DType;
import io.jvortex.internal.encodings.fsst.FsstScheme;
import io.jvortex.internal.encodings.varbin.FlatStrings;
import io.jvortex.internal.encodings.varbin.RandomStrings.Kind;
import io.jvortex.internal.encodings.varbin.RandomStrings.Nulls;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The OnPair encoder against our decoder: seeded random utf8 rows of every shape, null pattern and
 * length around the 1024-row boundaries come back byte-exact from the serialized {@code vortex.onpair}
 * node; the dictionary keeps the reference's invariants (all single bytes, sorted, unique, at most
 * 4096 tokens of at most 16 bytes).
 */
class OnPairEncoderTest {
    @Test
    void everyShapeRoundTripsThroughTheSchemeAndOurDecoder() {
        SplittableRandom r = TestSupport.random("OnPairEncoderTest.everyShapeRoundTripsThroughTheSchemeAndOurDecoder");
        Compressor compressor = new Compressor(List.of(new OnPairScheme()), id -> true);
        try (Arena arena = Arena.ofConfined()) {
            for (Kind kind : Kind.values()) {
                for (Nulls nulls : Nulls.values()) {
                    for (int n : new int[] {0, 1, 1023, 1024, 1025}) {
                        List<byte[]> values = rows(r, kind, nulls, n);
                        // Random bytes are not UTF-8: OnPair handles them as binary here (the scheme itself
                        // only accepts utf8), so they go through the encoder directly.
                        if (kind == Kind.RANDOM_BYTES) {
                            assertTokensDecode(values);
                            continue;
                        }
                        DType dtype = new DType.Utf8(nulls != Nulls.NONE);
                        Canonical array = r.nextBoolean() ? views(dtype, values) : varBin(dtype, values);
                        WriteNode node = compressor.compress(array);
                        assertThat(decodedRows(roundTrip(node, dtype, n, arena))).as("%s %s %d", kind, nulls, n)
                                .usingElementComparator(Arrays::compare).isEqualTo(values);
                        // Until the integer cascade bit-packs the 16-bit codes, OnPair wins only on text with
                        // long repeats.
                        if (n >= 1023 && nulls != Nulls.ALL && (kind == Kind.URLS || kind == Kind.LONG_REPETITIVE)) {
                            assertThat(node.encodingId()).as("%s %s %d", kind, nulls, n).isEqualTo(OnPairScheme.ID);
                        }
                    }
                }
            }
        }
    }

    /** Encodes with the trained dictionary and expands the tokens again. */
    private static void assertTokensDecode(List<byte[]> values) {
        FlatStrings rows = FlatStrings.of(views(new DType.Binary(true), values));
        OnPairEncoder encoder = OnPairEncoder.train(rows.data(), rows.offsets(), rows.length());
        checkDictionary(encoder);
        int[] codes = new int[rows.data().length];
        byte[] dict = encoder.dictBytes();
        int[] dictOffsets = encoder.dictOffsets();
        for (int i = 0; i < values.size(); i++) {
            int end = encoder.encode(rows.data(), rows.offsets()[i], rows.offsets()[i + 1], codes, 0);
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            for (int k = 0; k < end; k++) {
                out.write(dict, dictOffsets[codes[k]], dictOffsets[codes[k] + 1] - dictOffsets[codes[k]]);
            }
            byte[] expected = values.get(i) == null ? new byte[0] : values.get(i);
            assertThat(out.toByteArray()).as("row %d", i).isEqualTo(expected);
            assertGreedyLongest(encoder, expected, codes, end);
        }
    }

    /**
     * Each token is the longest dictionary token at its position (the reference's greedy parse), found
     * here by looking up every length from 16 down in a set of the tokens.
     */
    private static void assertGreedyLongest(OnPairEncoder encoder, byte[] value, int[] codes, int count) {
        byte[] dict = encoder.dictBytes();
        int[] offsets = encoder.dictOffsets();
        java.util.Set<java.nio.ByteBuffer> tokens = new java.util.HashSet<>();
        for (int t = 0; t < encoder.tokenCount(); t++) {
            tokens.add(java.nio.ByteBuffer.wrap(Arrays.copyOfRange(dict, offsets[t], offsets[t + 1])));
        }
        int pos = 0;
        for (int k = 0; k < count; k++) {
            int chosen = offsets[codes[k] + 1] - offsets[codes[k]];
            int longest = 0;
            for (int len = Math.min(OnPairEncoder.MAX_TOKEN, value.length - pos); len > 0 && longest == 0; len--) {
                if (tokens.contains(java.nio.ByteBuffer.wrap(Arrays.copyOfRange(value, pos, pos + len)))) {
                    longest = len;
                }
            }
            assertThat(chosen).as("token %d at byte %d", k, pos).isEqualTo(longest);
            pos += chosen;
        }
    }

    private static void checkDictionary(OnPairEncoder encoder) {
        byte[] dict = encoder.dictBytes();
        int[] offsets = encoder.dictOffsets();
        int n = encoder.tokenCount();
        assertThat(n).isBetween(256, OnPairEncoder.MAX_TOKENS);
        int singles = 0;
        for (int t = 0; t < n; t++) {
            int len = offsets[t + 1] - offsets[t];
            assertThat(len).isBetween(1, OnPairEncoder.MAX_TOKEN);
            singles += len == 1 ? 1 : 0;
            if (t > 0) {
                assertThat(Arrays.compareUnsigned(dict, offsets[t - 1], offsets[t], dict, offsets[t], offsets[t + 1]))
                        .as("token %d after token %d", t, t - 1).isNegative();
            }
        }
        assertThat(singles).isEqualTo(256);
    }

    @Test
    void learnsLongTokensAndBeatsFsstOnRepetitiveText() {
        SplittableRandom r = TestSupport.random("OnPairEncoderTest.learnsLongTokensAndBeatsFsstOnRepetitiveText");
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            values.add(value(r, i % 2 == 0 ? Kind.URLS : Kind.LONG_REPETITIVE));
        }
        FlatStrings rows = FlatStrings.of(views(new DType.Utf8(false), values));
        OnPairEncoder encoder = OnPairEncoder.train(rows.data(), rows.offsets(), rows.length());
        checkDictionary(encoder);
        assertThat(encoder.tokenCount()).isGreaterThan(1000);
        DType dtype = new DType.Utf8(false);
        long onPair = io.jvortex.internal.compress.NodeSize.bytes(
                new Compressor(List.of(new OnPairScheme()), id -> true).compress(views(dtype, values)));
        long fsst = io.jvortex.internal.compress.NodeSize.bytes(
                new Compressor(List.of(new FsstScheme()), id -> true).compress(views(dtype, values)));
        assertThat(onPair).isLessThan(fsst);
        assertTokensDecode(values.subList(0, 2000));
    }

    /**
     * Text from a small vocabulary whose words share long prefixes (as TPC-H's comments do) makes
     * dozens of tokens of 8 to 16 bytes begin with the same 8 and 12 bytes; every token is still the
     * longest match at its position.
     */
    @Test
    void sharedLongPrefixesStillMatchTheLongestToken() {
        SplittableRandom r = TestSupport.random("OnPairEncoderTest.sharedLongPrefixesStillMatchTheLongestToken");
        String[] words = {"accounts", "accountants", "accounting", "accounts.", "carefully", "carefree",
            "deposits", "depositors", "requests", "requested", "packages", "packaged", "quickly", "quicker",
            "regular", "regularly", "ironic", "final", "express", "even", "sleep", "haggle", "the", "among"};
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 6_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int w = 2 + r.nextInt(12); w > 0; w--) {
                b.append(words[r.nextInt(words.length)]).append(r.nextInt(8) == 0 ? ". " : " ");
            }
            values.add(b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        FlatStrings rows = FlatStrings.of(views(new DType.Utf8(false), values));
        OnPairEncoder encoder = OnPairEncoder.train(rows.data(), rows.offsets(), rows.length());
        byte[] dict = encoder.dictBytes();
        int[] offsets = encoder.dictOffsets();
        java.util.Map<String, Integer> byPrefix = new java.util.HashMap<>();
        for (int t = 0; t < encoder.tokenCount(); t++) {
            if (offsets[t + 1] - offsets[t] >= 12) {
                byPrefix.merge(new String(dict, offsets[t], 8, java.nio.charset.StandardCharsets.ISO_8859_1), 1,
                        Integer::sum);
            }
        }
        assertThat(byPrefix.values()).as("tokens of 12+ bytes per 8-byte prefix").anyMatch(c -> c >= 10);
        int[] codes = new int[rows.data().length];
        for (int i = 0; i < values.size(); i++) {
            int end = encoder.encode(rows.data(), rows.offsets()[i], rows.offsets()[i + 1], codes, 0);
            assertGreedyLongest(encoder, values.get(i), codes, end);
        }
    }
}
