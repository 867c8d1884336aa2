package io.jvortex.internal.pco;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.error.VortexException;
import io.jvortex.array.TestSupport;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The naive reference decoder ({@link NaivePco}) and {@link PcoDecoder} agree, on goldens and on corrupted streams. */
class NaiveVsFastTest {
    static Stream<PcoGolden> goldens() {
        return PcoGolden.all().stream();
    }

    static List<byte[]> metas(PcoGolden g) {
        return g.chunks().stream().map(PcoGolden.ChunkBytes::meta).toList();
    }

    static List<int[]> counts(PcoGolden g) {
        return g.chunks().stream().map(PcoGolden.ChunkBytes::counts).toList();
    }

    static List<byte[][]> pages(PcoGolden g) {
        return g.chunks().stream().map(PcoGolden.ChunkBytes::pages).toList();
    }

    static byte[] fast(PcoGolden g, List<byte[]> metas, List<int[]> counts, List<byte[][]> pages) {
        int total = counts.stream().flatMapToInt(java.util.Arrays::stream).sum();
        byte[] out = new byte[total * g.type().byteWidth()];
        PcoDecoder file = PcoDecoder.open(MemorySegment.ofArray(g.header()));
        long offset = 0;
        for (int c = 0; c < metas.size(); c++) {
            PcoDecoder.Chunk chunk = file.chunk(MemorySegment.ofArray(metas.get(c)), g.type());
            for (int p = 0; p < pages.get(c).length; p++) {
                chunk.decodePage(MemorySegment.ofArray(pages.get(c)[p]), counts.get(c)[p], MemorySegment.ofArray(out), offset);
                offset += (long) counts.get(c)[p] * g.type().byteWidth();
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void naiveDecodesGoldens(PcoGolden g) {
        assertThat(NaivePco.decode(g, metas(g), counts(g), pages(g))).isEqualTo(g.expected());
    }

    /**
     * Regression: a FloatMult multiplier of magnitude >= 2^24 (here from a flipped bin bound) counts its
     * bits on from 2^24's and may carry into the sign bit; negation must flip that bit, not set it.
     */
    @org.junit.jupiter.api.Test
    void floatMultHugeMultipliersMatchPco() {
        for (String name : List.of("floatmult_float32", "floatmult_float64")) {
            PcoGolden g = PcoGolden.load(name, "*", "*");
            for (int pos = 0; pos < g.chunks().get(0).meta().length; pos++) {
                for (int bit = 0; bit < 8; bit++) {
                    List<byte[]> metas = List.of(g.chunks().get(0).meta().clone());
                    metas.get(0)[pos] ^= (byte) (1 << bit);
                    byte[] naive;
                    try {
                        naive = NaivePco.decode(g, metas, counts(g), pages(g));
                    } catch (IllegalStateException e) {
                        continue;
                    }
                    assertThat(fast(g, metas, counts(g), pages(g))).as(name + " byte " + pos + " bit " + bit)
                            .isEqualTo(naive);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void agreeOnCorruptedStreams(PcoGolden g) {
        SplittableRandom random = TestSupport.random("NaiveVsFastTest." + g.name());
        int agreedDecodes = 0;
        for (int trial = 0; trial < 40; trial++) {
            List<byte[]> metas = new ArrayList<>();
            metas.add(g.chunks().get(0).meta().clone());
            byte[][] pages = {g.chunks().get(0).pages()[0].clone()};
            List<int[]> counts = List.<int[]>of(new int[] {g.chunks().get(0).counts()[0]});
            byte[] target = random.nextInt(3) == 0 || pages[0].length == 0 ? metas.get(0) : pages[0];
            target[random.nextInt(target.length)] ^= (byte) (1 << random.nextInt(8));
            byte[] naive;
            byte[] fastOut;
            try {
                naive = NaivePco.decode(g, metas, counts, List.<byte[][]>of(pages));
            } catch (IllegalStateException | ArithmeticException | ArrayIndexOutOfBoundsException e) {
                naive = null;
            }
            try {
                fastOut = fast(g, metas, counts, List.<byte[][]>of(pages));
            } catch (VortexException e) {
                fastOut = null;
            }
            assertThat(fastOut == null).as(g.name() + " trial " + trial + ": both reject or both decode").isEqualTo(naive == null);
            if (naive != null) {
                assertThat(fastOut).as(g.name() + " trial " + trial).isEqualTo(naive);
                agreedDecodes++;
            }
        }
        assertThat(agreedDecodes).isGreaterThanOrEqualTo(0);
    }
}
