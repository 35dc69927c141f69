from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.fact_out_type_0 import FactOutType0
  from ..models.fact_out_type_1 import FactOutType1
  from ..models.fact_out_type_2 import FactOutType2
  from ..models.fact_out_type_3 import FactOutType3
  from ..models.fact_out_type_4 import FactOutType4
  from ..models.fact_out_type_5 import FactOutType5
  from ..models.fact_out_type_6 import FactOutType6
  from ..models.fact_out_type_7 import FactOutType7





T = TypeVar("T", bound="ChainedFactOut")



@_attrs_define
class ChainedFactOut:
    """ A fact with the digest that chains it to the one before it in the log.

        Attributes:
            fact (FactOutType0 | FactOutType1 | FactOutType2 | FactOutType3 | FactOutType4 | FactOutType5 | FactOutType6 |
                FactOutType7): One fact, by kind. Amounts are in the contract's currency; instants RFC 3339.
            hash_ (str):
     """

    fact: FactOutType0 | FactOutType1 | FactOutType2 | FactOutType3 | FactOutType4 | FactOutType5 | FactOutType6 | FactOutType7
    hash_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.fact_out_type_0 import FactOutType0 # noqa: PLC0415
        from ..models.fact_out_type_1 import FactOutType1 # noqa: PLC0415
        from ..models.fact_out_type_2 import FactOutType2 # noqa: PLC0415
        from ..models.fact_out_type_3 import FactOutType3 # noqa: PLC0415
        from ..models.fact_out_type_4 import FactOutType4 # noqa: PLC0415
        from ..models.fact_out_type_5 import FactOutType5 # noqa: PLC0415
        from ..models.fact_out_type_6 import FactOutType6 # noqa: PLC0415
        from ..models.fact_out_type_7 import FactOutType7 # noqa: PLC0415
        fact: dict[str, Any]
        if isinstance(self.fact, FactOutType0):
            fact = self.fact.to_dict()
        elif isinstance(self.fact, FactOutType1):
            fact = self.fact.to_dict()
        elif isinstance(self.fact, FactOutType2):
            fact = self.fact.to_dict()
        elif isinstance(self.fact, FactOutType3):
            fact = self.fact.to_dict()
        elif isinstance(self.fact, FactOutType4):
            fact = self.fact.to_dict()
        elif isinstance(self.fact, FactOutType5):
            fact = self.fact.to_dict()
        elif isinstance(self.fact, FactOutType6):
            fact = self.fact.to_dict()
        else:
            fact = self.fact.to_dict()


        hash_ = self.hash_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "fact": fact,
            "hash": hash_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fact_out_type_0 import FactOutType0 # noqa: PLC0415
        from ..models.fact_out_type_1 import FactOutType1 # noqa: PLC0415
        from ..models.fact_out_type_2 import FactOutType2 # noqa: PLC0415
        from ..models.fact_out_type_3 import FactOutType3 # noqa: PLC0415
        from ..models.fact_out_type_4 import FactOutType4 # noqa: PLC0415
        from ..models.fact_out_type_5 import FactOutType5 # noqa: PLC0415
        from ..models.fact_out_type_6 import FactOutType6 # noqa: PLC0415
        from ..models.fact_out_type_7 import FactOutType7 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_fact(data: object) -> FactOutType0 | FactOutType1 | FactOutType2 | FactOutType3 | FactOutType4 | FactOutType5 | FactOutType6 | FactOutType7:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_fact_out_type_0 = FactOutType0.from_dict(data)



                return componentsschemas_fact_out_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_fact_out_type_1 = FactOutType1.from_dict(data)



                return componentsschemas_fact_out_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_fact_out_type_2 = FactOutType2.from_dict(data)



                return componentsschemas_fact_out_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_fact_out_type_3 = FactOutType3.from_dict(data)



                return componentsschemas_fact_out_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_fact_out_type_4 = FactOutType4.from_dict(data)



                return componentsschemas_fact_out_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_fact_out_type_5 = FactOutType5.from_dict(data)



                return componentsschemas_fact_out_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_fact_out_type_6 = FactOutType6.from_dict(data)



                return componentsschemas_fact_out_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_fact_out_type_7 = FactOutType7.from_dict(data)



            return componentsschemas_fact_out_type_7

        fact = _parse_fact(d.pop("fact"))


        hash_ = d.pop("hash")

        chained_fact_out = cls(
            fact=fact,
            hash_=hash_,
        )


        chained_fact_out.additional_properties = d
        return chained_fact_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
