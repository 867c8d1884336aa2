package io.jvortex.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.spi.WriteNode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The compressor's choice between OnPair and FSST for a chunk of free text: it is made on a sample, and the
 * chunk gets the encoding whose output on the whole chunk is the smaller one.
 */
class StringChoiceTest {
    private static final Compressor BOTH = new Compressor(BuiltinSchemes.defaults(), Edition.DEFAULT::allowsArray);
    private static final Compressor FSST_ONLY = new Compressor(BuiltinSchemes.defaults(),
            id -> Edition.DEFAULT.allowsArray(id) && !id.equals("vortex.onpair"));
    private static final Compressor ONPAIR_ONLY = new Compressor(BuiltinSchemes.defaults(),
            id -> Edition.DEFAULT.allowsArray(id) && !id.equals("vortex.fsst"));

    /** Words of the kind TPC-H's comment grammar strings together. */
    private static final String[] WORDS = ("furiously carefully quickly slyly blithely fluffily daringly evenly "
            + "regular special pending final ironic express bold even silent unusual close idle ruthless "
            + "deposits requests packages accounts instructions theodolites foxes pinto beans asymptotes "
            + "dependencies excuses platelets ideas sauternes dolphins warhorses courts frets sentiments "
            + "sleep wake are cajole haggle nag use boost affix detect integrate maintain nod was lose sublate "
            + "solve thrash promise engage hinder print x-ray breach eat grow impress mold poach serve run "
            + "dazzle snooze doze unwind kindle play hang believe doubt about above according to across after "
            + "against along of among around at atop before behind beneath beside between beyond by despite "
            + "during except for from in inside instead into near on outside over past since through toward "
            + "under until up upon without with within the").split(" ");

    /** Rows of 10 to 43 characters cut from a run of random words, as TPC-H's {@code l_comment} is made. */
    private static VarBinViewArray comments(int rows, SplittableRandom random) {
        String[] values = new String[rows];
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            text.setLength(0);
            int length = 10 + random.nextInt(34);
            while (text.length() < length) {
                text.append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(6) == 0 ? ". " : " ");
            }
            values[i] = text.substring(0, length).strip();
        }
        return TestArrays.varBinView(true, values);
    }

    @Test
    void freeTextChunksGetTheSmallerOfOnPairAndFsst() {
        SplittableRandom random = TestSupport.random("StringChoiceTest.freeText");
        int onPairWins = 0;
        for (int round = 0; round < 6; round++) {
            VarBinViewArray chunk = comments(32_768, random);
            WriteNode chosen = BOTH.compress(chunk);
            Roundtrip.assertDecodesTo(chosen, chunk, "round " + round);
            long onPair = NodeSize.bytes(ONPAIR_ONLY.compress(chunk));
            long fsst = NodeSize.bytes(FSST_ONLY.compress(chunk));
            String smaller = onPair <= fsst ? "vortex.onpair" : "vortex.fsst";
            assertThat(chosen.encodingId())
                    .as("round %d: OnPair %d bytes, FSST %d bytes", round, onPair, fsst)
                    .isEqualTo(smaller);
            onPairWins += smaller.equals("vortex.onpair") ? 1 : 0;
        }
        // the text is the kind OnPair is for: it wins on most chunks, so the test exercises that estimate
        assertThat(onPairWins).isGreaterThanOrEqualTo(4);
    }
}
