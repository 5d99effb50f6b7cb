;;; sglang.clp -- the shipped SGLang rule set (rules.d/sglang/10-a2a-moe.rules,
;;; SGLang's _handle_a2a_moe R1-R31) as CLIPS 6.30 rules.  Driver:
;;; bench/ref/sglang-clips.c, which asserts one `cfg` fact per config (the
;;; input values; null is the symbol nil) and reads back the `err` facts
;;; (rule numbers, reported in rule order) and the `decl` facts (the declared
;;; keys, by their position in flagrule's key order) with the final cfg values.
;;;
;;; Resolution: a declare rule modifies the cfg fact once per key (guarded by
;;; a `decl` fact, so it reads the key it declares at its input value); the
;;; saliences order the keys topologically: moe_a2a_backend (300), then the
;;; keys that depend on it (200: ep_size, the fusion flags, moe_runner_backend
;;; ...), then deepep_mode (100, it reads the resolved runner).  Checks have
;;; salience 0: they fire on the final fact only.  Warnings and infos are not
;;; part of the compact line and are not produced.

(deftemplate cfg
  (slot a2a (default none))
  (slot waterfill (default FALSE))
  (slot dsf (default FALSE))
  (slot esf (default FALSE))
  (slot tp (default 1))
  (slot ep (default 1))
  (slot dp (default 1))
  (slot dpa (default FALSE))
  (slot runner (default auto))
  (slot given_runner (default auto))
  (slot mode (default auto))
  (slot given_mode (default auto))
  (slot v2mode (default direct))
  (slot det (default FALSE))
  (slot tbo (default FALSE))
  (slot sbo (default FALSE))
  (slot model_path (default nil))
  (slot quant (default nil))
  (slot cps (default 8192))
  (slot disagg (default nil))
  (slot cgmbd (default nil))
  (slot cgd (default full))
  (slot cgp (default breakable))
  (slot arch (default nil))
  (slot nvfp4_meta (default FALSE))
  (slot is_npu (default FALSE))
  (slot mori_tok (default 4096))
  (slot pplx_tok (default 128))
  (slot nvfp4_env (default nil))
  (slot nccl_env (default nil)))

;; declared keys: 0 moe_a2a_backend, 1 disable_shared_experts_fusion,
;; 2 enforce_shared_experts_fusion, 3 ep_size, 4 moe_runner_backend,
;; 5 deepep_mode, 6 cuda_graph_decode_backend, 7 cuda_graph_prefill_backend,
;; 8 SGLANG_MOE_NVFP4_DISPATCH, 9 NCCL_CUMEM_ENABLE
(deftemplate decl (slot k))
;; errors: 1..14 in rule order
(deftemplate err (slot r))

;; parse_connector_type(model_path) == "instance": re.match(r"(.+)://(.*)")
;; takes the scheme up to the LAST "://"
(deffunction instance-path (?p)
  (and (stringp ?p)
       (eq (str-index "instance://" ?p) 1)
       (not (str-index "://" (sub-string 12 (str-length ?p) ?p)))))

;;; ---- moe_a2a_backend (R1, R19) -------------------------------------------

(defrule waterfill-redirects-to-deepep (declare (salience 300))
  ?c <- (cfg (waterfill TRUE) (a2a ~deepep&~megamoe))
  (not (decl (k 0)))
  =>
  (assert (decl (k 0)))
  (modify ?c (a2a deepep)))

(defrule ascend-tp-resolves-to-none (declare (salience 300))
  ?c <- (cfg (waterfill FALSE) (a2a ?a) (is_npu ?npu))
  (test (or (eq ?a ascend_tp) (and (eq ?a none) (eq ?npu TRUE))))
  (not (decl (k 0)))
  =>
  (assert (decl (k 0)))
  (modify ?c (a2a none)))

;;; ---- keys that depend on the backend (R2-R6, R9, R13, R14, R18, R22, R30) --

(defrule a2a-ep-size-follows-tp (declare (salience 200))
  ?c <- (cfg (a2a ~none&~ascend_tp) (tp ?tp))
  (not (decl (k 3)))
  =>
  (assert (decl (k 3)))
  (modify ?c (ep ?tp)))

(defrule waterfill-keeps-shared-experts-fusion (declare (salience 200))
  ?c <- (cfg (a2a deepep|megamoe) (waterfill TRUE) (dsf TRUE))
  (not (decl (k 1)))
  =>
  (assert (decl (k 1)))
  (modify ?c (dsf FALSE)))

(defrule flashinfer-disables-shared-experts-fusion (declare (salience 200))
  ?c <- (cfg (a2a flashinfer))
  (not (decl (k 1)))
  =>
  (assert (decl (k 1)))
  (modify ?c (dsf TRUE)))

(defrule deepep-v2-disables-shared-experts-fusion (declare (salience 200))
  ?c <- (cfg (a2a deepep_v2))
  (not (decl (k 1)))
  =>
  (assert (decl (k 1)))
  (modify ?c (dsf TRUE)))

(defrule waterfill-enforces-shared-experts-fusion (declare (salience 200))
  ?c <- (cfg (waterfill TRUE))
  (not (decl (k 2)))
  =>
  (assert (decl (k 2)))
  (modify ?c (esf TRUE)))

(defrule deepep-normal-disables-cuda-graph (declare (salience 200))
  ?c <- (cfg (a2a deepep) (given_mode normal))
  (not (decl (k 6)))
  =>
  (assert (decl (k 6)) (decl (k 7)))
  (modify ?c (cgd disabled) (cgp disabled)))

(defrule deepep-v2-nccl-cumem (declare (salience 200))
  ?c <- (cfg (a2a deepep_v2) (nccl_env nil))
  (not (decl (k 9)))
  =>
  (assert (decl (k 9)))
  (modify ?c (nccl_env "1")))

(defrule deepep-v2-runner-auto-deep-gemm (declare (salience 200))
  ?c <- (cfg (a2a deepep_v2) (runner auto))
  (not (decl (k 4)))
  =>
  (assert (decl (k 4)))
  (modify ?c (runner deep_gemm)))

(defrule deepep-v2-disables-prefill-cuda-graph (declare (salience 200))
  ?c <- (cfg (a2a deepep_v2))
  (not (decl (k 7)))
  =>
  (assert (decl (k 7)))
  (modify ?c (cgp disabled)))

(defrule flashinfer-nvfp4-dispatch (declare (salience 200))
  ?c <- (cfg (a2a flashinfer) (nvfp4_env nil) (quant ?q) (nvfp4_meta ?m))
  (test (or (eq ?q modelopt_fp4) (eq ?m TRUE)))
  (not (decl (k 8)))
  =>
  (assert (decl (k 8)))
  (modify ?c (nvfp4_env "True")))

(defrule pplx-runner-auto-deep-gemm (declare (salience 200))
  ?c <- (cfg (a2a pplx) (runner auto))
  (not (decl (k 4)))
  =>
  (assert (decl (k 4)))
  (modify ?c (runner deep_gemm)))

;;; ---- deepep_mode (R7, R24, R27): reads the resolved runner ---------------

(defrule deepep-cutedsl-auto-low-latency (declare (salience 100))
  ?c <- (cfg (a2a deepep) (runner flashinfer_cutedsl) (mode auto))
  (not (decl (k 5)))
  =>
  (assert (decl (k 5)))
  (modify ?c (mode low_latency)))

(defrule mori-auto-normal-mode (declare (salience 100))
  ?c <- (cfg (a2a mori) (mode auto))
  (not (decl (k 5)))
  =>
  (assert (decl (k 5)))
  (modify ?c (mode normal)))

(defrule pplx-auto-low-latency (declare (salience 100))
  ?c <- (cfg (a2a pplx) (mode auto))
  (not (decl (k 5)))
  =>
  (assert (decl (k 5)))
  (modify ?c (mode low_latency)))

;;; ---- checks, on the resolved state ----------------------------------------

(defrule deepep-cutedsl-normal-mode
  (cfg (a2a deepep) (runner flashinfer_cutedsl) (mode normal))
  => (assert (err (r 1))))

(defrule deepep-v2-instance-connector
  (cfg (a2a deepep_v2) (model_path ?p&:(instance-path ?p)))
  => (assert (err (r 2))))

(defrule deepep-v2-architecture
  (cfg (a2a deepep_v2) (model_path ?p&:(not (instance-path ?p)))
       (arch ~"DeepseekV3ForCausalLM"&~"DeepseekV4ForCausalLM"&~"Qwen3MoeForCausalLM"))
  => (assert (err (r 3))))

(defrule deepep-v2-deterministic
  (cfg (a2a deepep_v2) (det TRUE))
  => (assert (err (r 4))))

(defrule deepep-v2-runner
  (cfg (a2a deepep_v2) (runner ~deep_gemm))
  => (assert (err (r 5))))

(defrule deepep-v2-overlap
  (cfg (a2a deepep_v2) (tbo ?t) (sbo ?s))
  (test (or (eq ?t TRUE) (eq ?s TRUE)))
  => (assert (err (r 6))))

(defrule deepep-v2-shared-experts-fusion
  (cfg (a2a deepep_v2) (esf TRUE))
  => (assert (err (r 7))))

(defrule flashinfer-dp-attention
  (cfg (a2a flashinfer) (dpa ?d) (dp ?dp) (tp ?tp))
  (test (not (and (eq ?d TRUE) (= ?dp ?tp))))
  => (assert (err (r 8))))

(defrule flashinfer-runner
  (cfg (a2a flashinfer) (runner ~flashinfer_cutlass&~flashinfer_cutedsl&~flashinfer_trtllm_routed))
  => (assert (err (r 9))))

(defrule mori-dispatch-budget
  (cfg (a2a mori) (cps ?c&:(> ?c 0)) (disagg ~decode) (mori_tok ?m&:(> ?c ?m)))
  => (assert (err (r 10))))

(defrule pplx-normal-mode
  (cfg (a2a pplx) (mode normal))
  => (assert (err (r 11))))

(defrule pplx-dp-attention
  (cfg (a2a pplx) (dpa ?d) (dp ?dp))
  (test (not (and (eq ?d TRUE) (>= ?dp 2))))
  => (assert (err (r 12))))

(defrule pplx-runner
  (cfg (a2a pplx) (given_runner ~deep_gemm&~auto))
  => (assert (err (r 13))))

(defrule pplx-dispatch-budget
  (cfg (a2a pplx) (cps ?c&:(> ?c 0)) (disagg ~decode) (cgmbd ?g) (pplx_tok ?t))
  (test (not (and (<= ?c ?t) (or (eq ?g nil) (<= ?g ?t)))))
  => (assert (err (r 14))))
