package io.jvortex.internal.pco;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.TestSupport;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Golden streams written by the reference pcodec (PyPI) decode exactly; corrupt streams fail cleanly. */
class PcoDecoderTest {
    static Stream<PcoGolden> goldens() {
        return PcoGolden.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void decodesGoldenExactly(PcoGolden g) {
        assertThat(g.decode()).as(g.name()).isEqualTo(g.expected());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void forcedModeAndDeltaWereWritten(PcoGolden g) {
        PcoDecoder file = PcoDecoder.open(MemorySegment.ofArray(g.header()));
        assertThat(file.formatVersion()).isEqualTo("4.1");
        PcoDecoder.Chunk chunk = file.chunk(MemorySegment.ofArray(g.chunks().get(0).meta()), g.type());
        if (!g.expectedMode().equals("*")) {
            assertThat(chunk.mode()).as(g.name()).isEqualTo(g.expectedMode());
        }
        if (!g.expectedDelta().equals("*")) {
            assertThat(chunk.deltaEncoding()).as(g.name()).isEqualTo(g.expectedDelta());
        }
    }

    @Test
    void coversEveryModeDeltaAndType() {
        List<PcoGolden> all = PcoGolden.all();
        var modes = new java.util.TreeSet<String>();
        var deltas = new java.util.TreeSet<String>();
        var types = new java.util.TreeSet<String>();
        for (PcoGolden g : all) {
            PcoDecoder.Chunk c = PcoDecoder.open(MemorySegment.ofArray(g.header()))
                    .chunk(MemorySegment.ofArray(g.chunks().get(0).meta()), g.type());
            modes.add(c.mode());
            deltas.add(c.deltaEncoding().replaceAll("^Consecutive[0-9]$", "Consecutive"));
            types.add(g.type().name());
        }
        assertThat(modes).containsExactlyInAnyOrder("Classic", "IntMult", "FloatMult", "FloatQuant", "Dict");
        assertThat(deltas).containsExactlyInAnyOrder("NoOp", "Consecutive", "Lookback", "Conv1");
        assertThat(types).hasSize(PcoDecoder.NumberType.values().length);
    }

    @Test
    void rejectsNewerMajorVersionAndTruncatedHeader() {
        assertThatThrownBy(() -> PcoDecoder.open(MemorySegment.ofArray(new byte[] {5, 0})))
                .isInstanceOf(VortexException.class).hasMessageContaining("newer");
        assertThatThrownBy(() -> PcoDecoder.open(MemorySegment.ofArray(new byte[] {4})))
                .isInstanceOf(VortexException.class).hasMessageContaining("truncated");
    }

    /**
     * Format 3 (pco 0.4.0..0.4.7, e.g. older Vortex files) differs from 4.x only by the missing minor
     * byte in the header; the same chunk metadata and pages decode identically.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void readsFormatVersion3Header(PcoGolden g) {
        PcoGolden v3 = new PcoGolden(g.name(), g.expectedMode(), g.expectedDelta(), g.type(), new byte[] {3},
                g.chunks(), g.total(), g.expected());
        assertThat(PcoDecoder.open(MemorySegment.ofArray(v3.header())).formatVersion()).isEqualTo("3.0");
        assertThat(v3.decode()).isEqualTo(g.expected());
    }

    @Test
    void rejectsModeForWrongType() {
        PcoGolden g = PcoGolden.load("floatmult_float64", "FloatMult", "NoOp");
        PcoDecoder file = PcoDecoder.open(MemorySegment.ofArray(g.header()));
        assertThatThrownBy(() -> file.chunk(MemorySegment.ofArray(g.chunks().get(0).meta()), PcoDecoder.NumberType.I64))
                .isInstanceOf(VortexException.class).hasMessageContaining("FloatMult mode on integer type");
    }

    @Test
    void truncationsFailCleanly() {
        for (PcoGolden g : PcoGolden.all()) {
            var c = g.chunks().get(0);
            for (int len = 0; len < c.meta().length; len++) {
                byte[] cut = java.util.Arrays.copyOf(c.meta(), len);
                assertThatThrownBy(() -> PcoDecoder.open(MemorySegment.ofArray(g.header()))
                        .chunk(MemorySegment.ofArray(cut), g.type()))
                        .as(g.name() + " meta cut to " + len).isInstanceOf(VortexException.class);
            }
            byte[] page = c.pages()[0];
            int step = Math.max(1, page.length / 64);
            for (int len = 0; len < page.length; len += step) {
                byte[] cut = java.util.Arrays.copyOf(page, len);
                int n = c.counts()[0];
                assertThatThrownBy(() -> decodeOnePage(g, c.meta(), cut, n))
                        .as(g.name() + " page cut to " + len).isInstanceOf(VortexException.class);
            }
        }
    }

    @Test
    void byteFlipsFailCleanlyOrDecode() {
        SplittableRandom random = TestSupport.random("PcoDecoderTest.byteFlips");
        long deadline = System.nanoTime() + 20_000_000_000L;
        int decoded = 0;
        int rejected = 0;
        for (PcoGolden g : PcoGolden.all()) {
            var c = g.chunks().get(0);
            for (int trial = 0; trial < 60; trial++) {
                byte[] meta = c.meta().clone();
                byte[] page = c.pages()[0].clone();
                int flips = 1 + random.nextInt(3);
                for (int f = 0; f < flips; f++) {
                    byte[] target = random.nextInt(4) == 0 || page.length == 0 ? meta : page;
                    target[random.nextInt(target.length)] ^= (byte) (1 + random.nextInt(255));
                }
                try {
                    decodeOnePage(g, meta, page, c.counts()[0]);
                    decoded++;
                } catch (VortexException e) {
                    rejected++;
                }
            }
        }
        System.out.println("pco byte flips: " + decoded + " decoded, " + rejected + " rejected");
        assertThat(System.nanoTime()).as("corruption trials finish in time").isLessThan(deadline);
        assertThat(decoded + rejected).isGreaterThan(0);
    }

    private static void decodeOnePage(PcoGolden g, byte[] meta, byte[] page, int n) {
        PcoDecoder.Chunk chunk = PcoDecoder.open(MemorySegment.ofArray(g.header()))
                .chunk(MemorySegment.ofArray(meta), g.type());
        byte[] out = new byte[n * g.type().byteWidth()];
        chunk.decodePage(MemorySegment.ofArray(page), n, MemorySegment.ofArray(out), 0);
    }
}
