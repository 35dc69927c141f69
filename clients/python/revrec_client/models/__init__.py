""" Contains all the data models used in inputs/outputs """

from .account_balance_view import AccountBalanceView
from .account_body import AccountBody
from .account_total_out import AccountTotalOut
from .audit_event import AuditEvent
from .audit_events import AuditEvents
from .authorization_server_metadata_response_200 import AuthorizationServerMetadataResponse200
from .batch_method import BatchMethod
from .batch_operation import BatchOperation
from .batch_operation_body_type_0 import BatchOperationBodyType0
from .batch_request import BatchRequest
from .batch_response import BatchResponse
from .batch_result import BatchResult
from .batch_result_body import BatchResultBody
from .breakage_name import BreakageName
from .chained_fact_out import ChainedFactOut
from .chained_fact_out_fact import ChainedFactOutFact
from .chart_of_accounts_body import ChartOfAccountsBody
from .close_input import CloseInput
from .close_package_out import ClosePackageOut
from .closed_month_writes_name import ClosedMonthWritesName
from .closed_period import ClosedPeriod
from .component_allocation_input import ComponentAllocationInput
from .component_allocation_out import ComponentAllocationOut
from .component_scope_name import ComponentScopeName
from .contract import Contract
from .contract_balances import ContractBalances
from .contract_figures_out import ContractFiguresOut
from .contract_input import ContractInput
from .contract_list import ContractList
from .contract_package_out import ContractPackageOut
from .contract_status_name import ContractStatusName
from .contract_version import ContractVersion
from .contract_version_list import ContractVersionList
from .convention_name import ConventionName
from .correction_out import CorrectionOut
from .currency_package_out import CurrencyPackageOut
from .currency_totals import CurrencyTotals
from .currency_trial_balance import CurrencyTrialBalance
from .entry_scope_name import EntryScopeName
from .entry_status_name import EntryStatusName
from .estimate_input import EstimateInput
from .estimate_method_name import EstimateMethodName
from .event_recorded import EventRecorded
from .explain_response import ExplainResponse
from .explained_allocation import ExplainedAllocation
from .explained_component import ExplainedComponent
from .explained_component_share import ExplainedComponentShare
from .explained_correction import ExplainedCorrection
from .explained_credits import ExplainedCredits
from .explained_credits_through import ExplainedCreditsThrough
from .explained_cumulative import ExplainedCumulative
from .explained_obligation import ExplainedObligation
from .explained_price import ExplainedPrice
from .explained_rating import ExplainedRating
from .explained_rating_step import ExplainedRatingStep
from .explained_recognition import ExplainedRecognition
from .explained_share import ExplainedShare
from .explained_version import ExplainedVersion
from .field_problem import FieldProblem
from .format_name import FormatName
from .frozen_row_out import FrozenRowOut
from .fulfillment_input import FulfillmentInput
from .granularity_name import GranularityName
from .group_by_name import GroupByName
from .guide_contract_input import GuideContractInput
from .guide_waterfall_response import GuideWaterfallResponse
from .guide_waterfall_row import GuideWaterfallRow
from .health import Health
from .introspection_request_form import IntrospectionRequestForm
from .introspection_response import IntrospectionResponse
from .invoice_input import InvoiceInput
from .invoice_out import InvoiceOut
from .invoice_recorded import InvoiceRecorded
from .job import Job
from .job_created import JobCreated
from .job_request import JobRequest
from .job_result import JobResult
from .job_result_total_recognized_delta import JobResultTotalRecognizedDelta
from .job_status_name import JobStatusName
from .journal_entries_response import JournalEntriesResponse
from .journal_entry_view import JournalEntryView
from .journal_line_view import JournalLineView
from .line_item_input import LineItemInput
from .method_amount import MethodAmount
from .method_terms import MethodTerms
from .month_entries_out import MonthEntriesOut
from .month_journal_out import MonthJournalOut
from .movement_out import MovementOut
from .new_status_name import NewStatusName
from .note_6_response import Note6Response
from .note_6_response_disaggregated_revenue import Note6ResponseDisaggregatedRevenue
from .payment_input import PaymentInput
from .payment_intent import PaymentIntent
from .payment_intent_plan_rates import PaymentIntentPlanRates
from .payment_intent_plan_rates_additional_property import PaymentIntentPlanRatesAdditionalProperty
from .payment_intent_plans import PaymentIntentPlans
from .payment_intent_prices import PaymentIntentPrices
from .payment_intent_prices_additional_property import PaymentIntentPricesAdditionalProperty
from .payment_intent_rates import PaymentIntentRates
from .payment_list import PaymentList
from .payment_out import PaymentOut
from .payment_recorded import PaymentRecorded
from .performance_obligation import PerformanceObligation
from .period_event import PeriodEvent
from .periods import Periods
from .pob_type_name import PobTypeName
from .policy_input import PolicyInput
from .posting_control_input import PostingControlInput
from .posting_control_setting import PostingControlSetting
from .prepaid_credits_input import PrepaidCreditsInput
from .prepaid_credits_out import PrepaidCreditsOut
from .problem_body import ProblemBody
from .progress_input import ProgressInput
from .protected_resource_metadata_response_200 import ProtectedResourceMetadataResponse200
from .reallocation import Reallocation
from .recalculation_input import RecalculationInput
from .received_payment import ReceivedPayment
from .recognition_name import RecognitionName
from .reopen_input import ReopenInput
from .revenue_accounts import RevenueAccounts
from .revenue_by_timing import RevenueByTiming
from .revocation_request_form import RevocationRequestForm
from .rollforward_out import RollforwardOut
from .rollforwards_out import RollforwardsOut
from .route_price import RoutePrice
from .route_price_methods import RoutePriceMethods
from .rpo_exclusion_out import RpoExclusionOut
from .scenario_input import ScenarioInput
from .scenario_out import ScenarioOut
from .skipped_contract import SkippedContract
from .terminate_input import TerminateInput
from .tier_input import TierInput
from .tier_out import TierOut
from .token_request_form import TokenRequestForm
from .token_response import TokenResponse
from .treatment_name import TreatmentName
from .trial_balance_response import TrialBalanceResponse
from .usage_month_list import UsageMonthList
from .usage_month_out import UsageMonthOut
from .usage_pricing_input import UsagePricingInput
from .usage_pricing_out import UsagePricingOut
from .usage_record_input import UsageRecordInput
from .usage_record_out import UsageRecordOut
from .usage_recorded import UsageRecorded
from .usage_upload_answer import UsageUploadAnswer
from .usage_upload_answer_problem_type_0 import UsageUploadAnswerProblemType0
from .usage_upload_line import UsageUploadLine
from .variable_component_input import VariableComponentInput
from .variable_component_out import VariableComponentOut
from .variable_kind_name import VariableKindName
from .waterfall_group import WaterfallGroup
from .waterfall_period import WaterfallPeriod
from .waterfall_response import WaterfallResponse

__all__ = (
    "AccountBalanceView",
    "AccountBody",
    "AccountTotalOut",
    "AuditEvent",
    "AuditEvents",
    "AuthorizationServerMetadataResponse200",
    "BatchMethod",
    "BatchOperation",
    "BatchOperationBodyType0",
    "BatchRequest",
    "BatchResponse",
    "BatchResult",
    "BatchResultBody",
    "BreakageName",
    "ChainedFactOut",
    "ChainedFactOutFact",
    "ChartOfAccountsBody",
    "ClosedMonthWritesName",
    "ClosedPeriod",
    "CloseInput",
    "ClosePackageOut",
    "ComponentAllocationInput",
    "ComponentAllocationOut",
    "ComponentScopeName",
    "Contract",
    "ContractBalances",
    "ContractFiguresOut",
    "ContractInput",
    "ContractList",
    "ContractPackageOut",
    "ContractStatusName",
    "ContractVersion",
    "ContractVersionList",
    "ConventionName",
    "CorrectionOut",
    "CurrencyPackageOut",
    "CurrencyTotals",
    "CurrencyTrialBalance",
    "EntryScopeName",
    "EntryStatusName",
    "EstimateInput",
    "EstimateMethodName",
    "EventRecorded",
    "ExplainedAllocation",
    "ExplainedComponent",
    "ExplainedComponentShare",
    "ExplainedCorrection",
    "ExplainedCredits",
    "ExplainedCreditsThrough",
    "ExplainedCumulative",
    "ExplainedObligation",
    "ExplainedPrice",
    "ExplainedRating",
    "ExplainedRatingStep",
    "ExplainedRecognition",
    "ExplainedShare",
    "ExplainedVersion",
    "ExplainResponse",
    "FieldProblem",
    "FormatName",
    "FrozenRowOut",
    "FulfillmentInput",
    "GranularityName",
    "GroupByName",
    "GuideContractInput",
    "GuideWaterfallResponse",
    "GuideWaterfallRow",
    "Health",
    "IntrospectionRequestForm",
    "IntrospectionResponse",
    "InvoiceInput",
    "InvoiceOut",
    "InvoiceRecorded",
    "Job",
    "JobCreated",
    "JobRequest",
    "JobResult",
    "JobResultTotalRecognizedDelta",
    "JobStatusName",
    "JournalEntriesResponse",
    "JournalEntryView",
    "JournalLineView",
    "LineItemInput",
    "MethodAmount",
    "MethodTerms",
    "MonthEntriesOut",
    "MonthJournalOut",
    "MovementOut",
    "NewStatusName",
    "Note6Response",
    "Note6ResponseDisaggregatedRevenue",
    "PaymentInput",
    "PaymentIntent",
    "PaymentIntentPlanRates",
    "PaymentIntentPlanRatesAdditionalProperty",
    "PaymentIntentPlans",
    "PaymentIntentPrices",
    "PaymentIntentPricesAdditionalProperty",
    "PaymentIntentRates",
    "PaymentList",
    "PaymentOut",
    "PaymentRecorded",
    "PerformanceObligation",
    "PeriodEvent",
    "Periods",
    "PobTypeName",
    "PolicyInput",
    "PostingControlInput",
    "PostingControlSetting",
    "PrepaidCreditsInput",
    "PrepaidCreditsOut",
    "ProblemBody",
    "ProgressInput",
    "ProtectedResourceMetadataResponse200",
    "Reallocation",
    "RecalculationInput",
    "ReceivedPayment",
    "RecognitionName",
    "ReopenInput",
    "RevenueAccounts",
    "RevenueByTiming",
    "RevocationRequestForm",
    "RollforwardOut",
    "RollforwardsOut",
    "RoutePrice",
    "RoutePriceMethods",
    "RpoExclusionOut",
    "ScenarioInput",
    "ScenarioOut",
    "SkippedContract",
    "TerminateInput",
    "TierInput",
    "TierOut",
    "TokenRequestForm",
    "TokenResponse",
    "TreatmentName",
    "TrialBalanceResponse",
    "UsageMonthList",
    "UsageMonthOut",
    "UsagePricingInput",
    "UsagePricingOut",
    "UsageRecorded",
    "UsageRecordInput",
    "UsageRecordOut",
    "UsageUploadAnswer",
    "UsageUploadAnswerProblemType0",
    "UsageUploadLine",
    "VariableComponentInput",
    "VariableComponentOut",
    "VariableKindName",
    "WaterfallGroup",
    "WaterfallPeriod",
    "WaterfallResponse",
)
