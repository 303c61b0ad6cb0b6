// zser — SPDX-License-Identifier: MIT
//
// zs_strtod against the C library's strtod (correctly rounded on glibc): edge cases
// (subnormals, the 2^53 boundary, halfway ties, 19+ digit mantissas, huge exponents)
// and many generated numbers. Compared bit for bit; the fallback is strtod itself, and
// the test also counts how rarely the fast paths hand over to it.
#include "zs_strtod.h"
#include "zs_test.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long fallbacks;

static double libc_fallback(const char *s, size_t len, void *ctx)
{
	char buf[4096];
	(void)ctx;
	fallbacks++;
	if (len >= sizeof buf) {
		len = sizeof buf - 1;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	return strtod(buf, NULL);
}

static uint64_t bits_of(double d)
{
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b;
}

static int check_one(const char *s)
{
	double want = strtod(s, NULL);
	double got = zs_strtod_json(s, strlen(s), libc_fallback, NULL);
	if (bits_of(want) != bits_of(got)) {
		fprintf(stderr, "mismatch for %s: got %.17g want %.17g\n", s, got, want);
		return 0;
	}
	return 1;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static const char *edge[] = {
        "0",
        "-0",
        "0.0",
        "-0.0",
        "0e0",
        "-0e-5",
        "0e999999999",
        "1",
        "-1",
        "1.5",
        "0.1",
        "0.3",
        "9007199254740992",
        "9007199254740993",
        "9007199254740994",
        "9007199254740995",
        "18014398509481985",
        "1e22",
        "1e23",
        "9e22",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "1e308",
        "1e309",
        "-1e309",
        "2.2250738585072014e-308",
        "2.2250738585072011e-308",
        "2.2250738585072012e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "5e-324",
        "1e-324",
        "3e-324",
        "1e-400",
        "1e-342",
        "1e-343",
        "123456789012345678901234567890",
        "0.000000000000000000000000000000000000001",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999999999",
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126",
        "9007199254740993.0000000000000000000000000000001",
        "7.2057594037927933e16",
        "2.0000000000000004440892098500626161694526672363281250",
        "1e-1000000",
        "1e1000000",
        "123e-2",
        "1E+2",
        "1E-2",
        "-65.613616999999977",
        "0.1e-300",
        "89255.0e-22",
        "8.98846567431158e307",
        "4.35679195e-310",
        "2.225073858507201136057409796709131975934819546351645648e-308",
        "7.0420557077594588669468784357561207962098443483187940792729600000e-59",
        "1.0000000000000002",
        "0.9999999999999999",
        "3.4028235677973366e38",
        "143845666314139027352611820764223558118322784524633123116263665379036815209139419693036582"
        "863468763794815794077659918279138752713535303473835713411031060945569390082419354977279201"
        "654318268051974058035436546798544018359870131225762454556233139701832992861319612559027418"
        "772007391481806253083031653315809862498411888929828137181228878953731059903752911341543873"
        "895489475212472498306724110876448834645437669901867307840475112141480493722424080599312381"
        "693232622368309077056159757045779393298582616260425588452913412639628220212652625338938342"
        "180672795458852559611437980126909409632980505480308929973699687095125857301087740440745195"
        "384669860919821392688269207855703322826525930548119852605981316446918758669325733577952202"
        "040764549868426333992190522755661669812996741289128223168550466067127792719829000982468018"
        "631975097866573457668378425580226970891736171946604317520115884909788137047711185017157986"
        "905601606166617302905958843377601564443970505037755427769614392827809345379280384625271596"
        "601673322264644238289212394005244134682242972159388437821255870100435692424303005951748934"
        "664657772462249891975259738209522250031112418182351225107135618176937657765139002829779615"
        "620881537508915912839494571051586133448626710179749711112590927250519479287088961717975870"
        "344260801614334326215999814970060659779253557445756042922697427344363032381874773077131676"
        "339857211087495998192373246307688452867739265415001026982223940199342748237651323138921235"
        "358357356637691557265091686655361236618737895955498356671276709337290603018897622016905802"
        "535497362221166650454931695827188097569714354656446980679135870731887307570838334500409015"
        "197406832583817753126695417740666139222980134999469594150993565535565298572378215357008408"
        "9560139142231."
        "738475042362596875449154552392299548947138162081694168675340677843807613129780449323363759"
        "027012972466987370921816813162658754726545121090545507240267000456594786540949605260722461"
        "937870630634874991729398208026467698131898691830012167897399682179601734569071423681e-733",
        NULL};

int main(void)
{
	char buf[128];
	int i, k, ok;
	unsigned long n = 0;

	for (i = 0; edge[i]; i++) {
		ZS_CHECK(check_one(edge[i]));
	}
	/* Powers of two and their neighbours, printed with 17 and with 25 digits. */
	for (i = -1074; i <= 1023; i++) {
		double d = ldexp(1.0, i);
		snprintf(buf, sizeof buf, "%.17e", d);
		ok = check_one(buf);
		snprintf(buf, sizeof buf, "%.25e", d);
		ok &= check_one(buf);
		snprintf(buf, sizeof buf, "%.17e", nextafter(d, 0));
		ok &= check_one(buf);
		ZS_CHECK(ok);
	}
	/* Random doubles (every exponent) in shortest-ish, 17-digit and long forms, random
	 * digit strings with random exponents, and exact ties between two doubles. */
	ok = 1;
	for (i = 0; i < 300000; i++) {
		uint64_t r = rnd();
		double d;
		memcpy(&d, &r, sizeof d);
		if (d != d || d - d != 0) {
			continue;
		}
		d = d < 0 ? -d : d;
		for (k = 0; k < 3; k++) {
			static const char *fmt[] = {"%.15g", "%.17g", "%.30e"};
			snprintf(buf, sizeof buf, fmt[k], d);
			ok &= check_one(buf);
			n++;
		}
		{
			int digits = 1 + (int)(rnd() % 40), pos = 0, j;
			long ex = (long)(rnd() % 700) - 350;
			buf[pos++] = (char)('1' + rnd() % 9);
			for (j = 1; j < digits; j++) {
				buf[pos++] = (char)('0' + rnd() % 10);
				if (j == 1 && (rnd() & 1)) {
					buf[pos++] = '.';
					buf[pos++] = (char)('0' + rnd() % 10);
				}
			}
			snprintf(buf + pos, sizeof buf - (size_t)pos, "e%ld", ex);
			ok &= check_one(buf);
			n++;
		}
		{
			/* Halfway between d and its successor: exactly representable in decimal. */
			double up = nextafter(d, HUGE_VAL);
			if (up - up == 0 && d > 1e-300 && d < 1e300) {
				snprintf(buf, sizeof buf, "%.40e", d + (up - d) / 2);
				ok &= check_one(buf);
				n++;
			}
		}
	}
	ZS_CHECK(ok);
	printf("test_strtod: %lu generated inputs, %lu fallbacks\n", n, fallbacks);
	return zs_test_done("test_strtod");
}
