/* What the library sets up once for the whole process. */
#include "internal.h"
#include <fontconfig/fontconfig.h>
#include <glib.h>
#include <pthread.h>

static void drop_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

/* Fonts named in SVG text are found through fontconfig's default configuration (by
   Pango, under librsvg; mdpdf's own text uses a configuration of its own). fontconfig
   matches a CSS list such as "Times,serif" as one pattern, where the generic family's
   preferred font (Noto Serif here) outranks Times' metric-compatible stand-in; a
   browser tries Times first and gets Liberation Serif. Graphviz and most SVG tools lay
   text out with Times, Helvetica or Courier metrics, so a wider font overruns the
   boxes drawn around it. These rules, read before the system's, put each metric
   stand-in right after the family it stands for. */
static const char *const metric_aliases =
    "<?xml version=\"1.0\"?><fontconfig>"
    "<match target=\"pattern\"><test name=\"family\" qual=\"any\"><string>Times</string></test>"
    "<edit name=\"family\" mode=\"append\" binding=\"strong\"><string>Liberation Serif</string></edit></match>"
    "<match target=\"pattern\"><test name=\"family\" qual=\"any\"><string>Times New Roman</string></test>"
    "<edit name=\"family\" mode=\"append\" binding=\"strong\"><string>Liberation Serif</string></edit></match>"
    "<match target=\"pattern\"><test name=\"family\" qual=\"any\"><string>Helvetica</string></test>"
    "<edit name=\"family\" mode=\"append\" binding=\"strong\"><string>Liberation Sans</string></edit></match>"
    "<match target=\"pattern\"><test name=\"family\" qual=\"any\"><string>Arial</string></test>"
    "<edit name=\"family\" mode=\"append\" binding=\"strong\"><string>Liberation Sans</string></edit></match>"
    "<match target=\"pattern\"><test name=\"family\" qual=\"any\"><string>Courier</string></test>"
    "<edit name=\"family\" mode=\"append\" binding=\"strong\"><string>Liberation Mono</string></edit></match>"
    "<match target=\"pattern\"><test name=\"family\" qual=\"any\"><string>Courier New</string></test>"
    "<edit name=\"family\" mode=\"append\" binding=\"strong\"><string>Liberation Mono</string></edit></match>"
    "</fontconfig>";

static void use_metric_aliases(void) {
    FcConfig *config = FcConfigCreate();
    if (!config) return;
    /* The name of the system's configuration file, asked of the new configuration:
       FcConfigFilename(NULL) would first load fontconfig's whole default configuration
       (its XML files and font caches) only to be replaced below. */
    FcChar8 *system = FcConfigGetFilename(config, NULL);
    int ok = FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)metric_aliases, FcFalse) &&
             system && FcConfigParseAndLoad(config, system, FcFalse) && FcConfigBuildFonts(config);
    FcStrFree(system);
    if (ok && FcConfigSetCurrent(config)) {
        FcConfigDestroy(config); /* the current configuration holds its own reference */
    } else {
        FcConfigDestroy(config);
    }
}

static void init_once(void) {
    /* gdk-pixbuf and librsvg warn on the standard error stream about damaged files;
       mdpdf reports those itself. */
    g_log_set_default_handler(drop_log, NULL);
    use_metric_aliases();
}

void mdimg_init(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_once);
}
