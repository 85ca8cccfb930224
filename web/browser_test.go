package web

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The browser tests drive Debian's headless Chromium: the headless shell
// (apt-get install -y chromium-headless-shell) where it is installed,
// else the browser (apt-get install -y chromium). Both are one Chromium,
// laying out and running a page alike; the shell is Chromium's headless
// mode without the browser's window machinery, and the package's tests
// take about 0.6× the CPU in it. PLAYAID_CHROMIUM names another binary.
var chromiumPaths = []string{"/usr/bin/chromium-headless-shell", "/usr/bin/chromium"}

var shotsDir = flag.String("shots", "", "write screenshots of every page at 390 × 844 and 1366 × 768 to this folder (TestScreenshots)")

// chromium is the one headless Chromium the package's tests share: each
// test gets a browser context of its own (as a private window: no
// cookies, storage or cache shared), which costs a tab where a browser
// of its own cost a process and a profile.
var chromium struct {
	once   sync.Once
	ctx    context.Context // the browser; nil until started
	cancel func()
	dir    string // its profile
	err    error
}

// TestMain lets more tests run at once than the machine has cores (unless
// -parallel says how many), and closes the shared Chromium once every
// test is done. A browser test spends most of its time waiting for
// Chromium, a process of its own that -parallel does not count: with
// one test a core, a core would stand idle while Chromium lays out a
// page for one test and the other test waits for a page to settle.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0)))
	}
	code := m.Run()
	if chromium.cancel != nil {
		chromium.cancel()
	}
	if chromium.dir != "" {
		os.RemoveAll(chromium.dir)
	}
	os.Exit(code)
}

// browser gives a test a fresh browser context in the shared headless
// Chromium (started by the first test to ask), or skips the test when
// there is none. The flags keep it from reaching for the network (it
// hangs on a closed one) and let it run as root.
func browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: skipping the real-browser test")
	}
	bin := os.Getenv("PLAYAID_CHROMIUM")
	if bin == "" {
		for _, p := range chromiumPaths {
			if _, err := exec.LookPath(p); err == nil {
				bin = p
				break
			}
		}
		if bin == "" {
			t.Skipf("no Chromium at %s (apt-get install -y chromium-headless-shell, or set PLAYAID_CHROMIUM): skipping the real-browser test", strings.Join(chromiumPaths, " or "))
		}
	} else if _, err := exec.LookPath(bin); err != nil {
		t.Skipf("no Chromium at %s (PLAYAID_CHROMIUM): skipping the real-browser test", bin)
	}
	chromium.once.Do(func() { startChromium(bin) })
	if chromium.err != nil {
		t.Fatalf("Chromium at %s does not start: %v", bin, chromium.err)
	}
	ctx, cancelC := chromedp.NewContext(chromium.ctx, chromedp.WithNewBrowserContext())
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("Chromium at %s opens no window: %v", bin, err)
	}
	return ctx
}

// startChromium starts the shared browser.
func startChromium(bin string) {
	chromium.dir, chromium.err = os.MkdirTemp("", "playaid-chromium-")
	if chromium.err != nil {
		return
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Headless,
		chromedp.NoSandbox, // Chromium refuses to start as root with its sandbox
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(chromium.dir),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		// Tests run side by side, each in a window of its own: none is
		// the one in front, and none may be slowed as a background tab
		// is (its timers, animations and smooth scrolling held back).
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		// Every page is the test's own server's, one site: isolating
		// sites gave each page load a renderer process of its own
		// (started, then torn down), about a tenth of the package's CPU.
		chromedp.Flag("disable-site-isolation-trials", true),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	chromium.ctx, chromium.cancel = ctx, func() { cancelC(); cancelA() }
	chromium.err = chromedp.Do(ctx)
}

// css is a CSS selector (a plain string would be a DOM search).
func css(s string) chromedp.CSS { return chromedp.CSS(s) }

// until waits for a JavaScript expression to be true. (The page replaces
// parts of itself from script: a query action could hold a node that is
// gone.) A poll does not survive a page load, so it starts again after one.
func until(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		deadline := time.Now().Add(20 * time.Second)
		for {
			_, err := chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(time.Until(deadline)))(ctx, t)
			if err == nil || ctx.Err() != nil || time.Now().After(deadline) {
				if err != nil {
					return fmt.Errorf("waiting for %s: %w", expr, err)
				}
				return nil
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}

// acceptDialogs answers every dialog the page opens (the builder asks
// before leaving unsaved edits) with OK, and counts them.
func acceptDialogs(ctx context.Context) *atomic.Int32 {
	n := new(atomic.Int32)
	events := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for _, err := range events {
			if err != nil {
				return
			}
			n.Add(1)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}
	}()
	return n
}

// stepper runs one step of a browser test, failing the test with what the
// step was for.
func stepper(t *testing.T, ctx context.Context) func(what string, steps ...chromedp.Action[chromedp.Void]) {
	return func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
}
