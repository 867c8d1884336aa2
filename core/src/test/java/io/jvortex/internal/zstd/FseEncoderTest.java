package io.jvortex.internal.zstd;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.TestSupport;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The FSE encoder against the decoder's table: descriptions it writes are read back by
 * {@link FseTable#read}, and symbol streams it encodes decode to the same symbols through the
 * decoder's states, for fitted tables of every accuracy log and for the predefined distributions
 * (which contain "less than one" probabilities).
 */
class FseEncoderTest {
    /** Reads a backward bitstream the way the decoder does: from the closing bit downwards. */
    private static final class BackwardBits {
        private final byte[] data;
        private int pos;

        BackwardBits(byte[] data, int length) {
            this.data = data;
            int last = data[length - 1] & 0xFF;
            assertThat(last).as("closing byte").isNotZero();
            pos = (length - 1) * 8 + 31 - Integer.numberOfLeadingZeros(last);
        }

        int read(int n) {
            pos -= n;
            assertThat(pos).as("read past the stream start").isGreaterThanOrEqualTo(0);
            int v = 0;
            for (int k = 0; k < n; k++) {
                int b = pos + k;
                v |= ((data[b >>> 3] >>> (b & 7)) & 1) << k;
            }
            return v;
        }
    }

    private static void checkRoundTrip(FseEncoder fse, int[] symbols, String what) {
        fse.build();
        byte[] description = new byte[200];
        int descriptionLength = fse.writeDescription(description, 0);
        FseTable table = new FseTable(9);
        int read = table.read(description, 0, descriptionLength, FseTable.MAX_MATCH_LENGTH_SYMBOL, 9,
                FseTable.KIND_SYMBOL);
        assertThat(read).as("%s: description length", what).isEqualTo(descriptionLength);
        assertThat(table.log).as(what).isEqualTo(fse.log);

        int n = symbols.length;
        byte[] stream = new byte[4 * n + 16];
        BitWriter out = new BitWriter();
        out.start(stream, 0);
        int state = fse.initialState(symbols[n - 1]);
        for (int i = n - 2; i >= 0; i--) {
            state = fse.encode(out, state, symbols[i]);
        }
        fse.flush(out, state);
        int length = out.close();

        BackwardBits in = new BackwardBits(stream, length);
        int s = in.read(table.log);
        int[] decoded = new int[n];
        for (int i = 0; i < n; i++) {
            long e = table.states[s];
            decoded[i] = (int) FseTable.valueBase(e);
            if (i + 1 < n) {
                s = FseTable.nextBase(e) + in.read(FseTable.stateBits(e));
            }
        }
        assertThat(decoded).as(what).isEqualTo(symbols);
        assertThat(in.pos).as("%s: every bit consumed", what).isZero();
    }

    private static int[] draw(SplittableRandom r, int[] counts, int maxSymbol, int n) {
        int total = Arrays.stream(counts, 0, maxSymbol + 1).sum();
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            int x = r.nextInt(total);
            int s = 0;
            while (x >= counts[s]) {
                x -= counts[s++];
            }
            out[i] = s;
        }
        return out;
    }

    @Test
    void fittedTablesOfEveryLogRoundTrip() {
        SplittableRandom r = TestSupport.random("FseEncoderTest.fitted");
        FseEncoder fse = new FseEncoder(9);
        for (int trial = 0; trial < 300; trial++) {
            int maxSymbol = 1 + r.nextInt(FseTable.MAX_MATCH_LENGTH_SYMBOL);
            int[] counts = new int[FseTable.MAX_MATCH_LENGTH_SYMBOL + 1];
            int total = 0;
            for (int s = 0; s <= maxSymbol; s++) {
                // Skewed, with gaps of absent symbols (runs of zeros exercise the repeat flags).
                counts[s] = r.nextInt(3) == 0 ? 0 : r.nextInt(1 + (r.nextBoolean() ? 5 : 5000));
                total += counts[s];
            }
            counts[maxSymbol] = Math.max(1, counts[maxSymbol]);
            total = Arrays.stream(counts).sum();
            int distinct = (int) Arrays.stream(counts).filter(c -> c > 0).count();
            int minLog = Math.max(5, 32 - Integer.numberOfLeadingZeros(distinct - 1));
            int log = minLog + r.nextInt(10 - minLog);
            boolean capped = r.nextInt(4) == 0 && distinct >= 2;
            fse.normalize(counts, maxSymbol, total, log, capped ? 1 << (log - 1) : 0);
            int sum = 0;
            for (int s = 0; s <= maxSymbol; s++) {
                assertThat(fse.norm[s] > 0).as("present symbols keep a probability").isEqualTo(counts[s] > 0);
                sum += fse.norm[s];
                if (capped) {
                    assertThat((int) fse.norm[s]).isLessThanOrEqualTo(1 << (log - 1));
                }
            }
            assertThat(sum).isEqualTo(1 << log);
            checkRoundTrip(fse, draw(r, counts, maxSymbol, 1 + r.nextInt(2000)), "trial " + trial + " log " + log);
        }
    }

    @Test
    void predefinedTablesRoundTrip() {
        SplittableRandom r = TestSupport.random("FseEncoderTest.predefined");
        FseEncoder fse = new FseEncoder(9);
        short[][] norms = {FseTable.LL_DEFAULT_NORM, FseTable.ML_DEFAULT_NORM, FseTable.OF_DEFAULT_NORM};
        int[] logs = {6, 6, 5};
        for (int t = 0; t < 3; t++) {
            int[] counts = new int[norms[t].length];
            for (int s = 0; s < counts.length; s++) {
                counts[s] = norms[t][s] == -1 ? 1 : norms[t][s];
            }
            for (int trial = 0; trial < 20; trial++) {
                fse.load(norms[t], logs[t]);
                checkRoundTrip(fse, draw(r, counts, counts.length - 1, 1 + r.nextInt(500)), "predefined " + t);
            }
        }
    }

    @Test
    void costsFavourTheTableFittedToTheData() {
        FseEncoder fse = new FseEncoder(9);
        int[] counts = new int[FseTable.MAX_LITERAL_LENGTH_SYMBOL + 1];
        counts[30] = 1000;
        counts[31] = 10;
        fse.load(FseTable.LL_DEFAULT_NORM, 6);
        double predefined = fse.cost(counts, 31);
        fse.normalize(counts, 31, 1010, 6, 0);
        assertThat(fse.cost(counts, 31)).isLessThan(predefined / 4);
        fse.load(FseTable.OF_DEFAULT_NORM, 5);
        int[] offsets = new int[32];
        offsets[30] = 1;
        assertThat(fse.cost(offsets, 30)).as("offset codes beyond the predefined table").isInfinite();
    }
}
